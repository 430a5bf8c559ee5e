import Foundation

/// One client connection inside the gate: the client's socket, the gate's end of the
/// socket pair whose other end libmicrohttpd serves, what each way still has to
/// send, and how the connection is ending. Only the gate's loop thread touches it.
final class GateConnection {
    /// How the connection is ending.
    enum Ending {
        /// Open both ways.
        case open
        /// A violation refused the stream: libmicrohttpd answers the earlier requests and the
        /// marked one in their place, then closes; nothing more of the client's is passed on.
        case refusing
        /// The last bytes for the client are queued; then its write side is shut and its input drained until `until`.
        case lingering(until: UInt64)
    }

    let id: UInt64
    let client: Int32
    /// The gate's end of the pair; libmicrohttpd holds the other (`serverPeer`).
    let server: Int32
    /// The descriptor libmicrohttpd reads, by which its callbacks name this connection.
    let serverPeer: Int32
    var stream: HTTPRequestStream
    var toServer = OutgoingBytes()
    var toClient = OutgoingBytes()
    var clientReadClosed = false
    var serverReadClosed = false
    var serverWriteShut = false
    /// libmicrohttpd closed its end: the gate's end is closed too, and nothing more comes from it.
    var serverClosed = false
    var clientWriteShut = false
    var ending = Ending.open
    /// When bytes last moved either way (monotonic nanoseconds).
    var lastActivity: UInt64
    /// The epoll interests last registered for each socket, so unchanged ones cost no call.
    var clientInterest: UInt32 = 0
    var serverInterest: UInt32 = 0

    init(id: UInt64, client: Int32, server: Int32, serverPeer: Int32, stream: HTTPRequestStream, now: UInt64) {
        self.id = id
        self.client = client
        self.server = server
        self.serverPeer = serverPeer
        self.stream = stream
        lastActivity = now
    }

    /// Whether nothing is in flight: no part of a request read, nothing waiting to be sent.
    var isQuiet: Bool {
        stream.isBetweenRequests && toServer.isEmpty && toClient.isEmpty
    }

    var isRefusing: Bool {
        if case .refusing = ending { return true }
        return false
    }

    var isLingering: Bool {
        if case .lingering = ending { return true }
        return false
    }
}

/// Bytes queued for one socket, sent from the front.
struct OutgoingBytes {
    private var bytes: [UInt8] = []
    private var sent = 0

    var isEmpty: Bool { sent == bytes.count }
    var count: Int { bytes.count - sent }

    mutating func append(_ more: some Collection<UInt8>) {
        if sent == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            sent = 0
        }
        bytes.append(contentsOf: more)
    }

    /// Writes as much as the socket takes; false when it failed for good (reset, broken pipe).
    mutating func flush(to descriptor: Int32) -> Bool {
        while sent < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.send(descriptor, buffer.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                sent += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
            }
        }
        bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
        sent = 0
        return true
    }
}
