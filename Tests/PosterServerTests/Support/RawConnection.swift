import Foundation

/// A plain TCP connection to the server for requests curl will not send: bytes go out
/// exactly as written, and everything the server sends back is read until it closes
/// (or the deadline passes, which a test reports as a hang).
final class RawConnection {
    let descriptor: Int32

    /// Connects; `receiveBuffer` shrinks the socket's receive buffer (a client that reads slowly).
    init(port: UInt16, receiveBuffer: Int32? = nil) throws {
        descriptor = try Self.connect(port: port, receiveBuffer: receiveBuffer, receiveTimeoutMicroseconds: 100_000)
    }

    /// A TCP socket connected to 127.0.0.1:`port` whose reads give up after the timeout.
    static func connect(port: UInt16, receiveBuffer: Int32? = nil, receiveTimeoutMicroseconds: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Curl.Failure(description: "socket failed: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw Curl.Failure(description: "connect failed: errno \(code)")
        }
        var timeout = timeval(tv_sec: 0, tv_usec: receiveTimeoutMicroseconds)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    deinit { close(descriptor) }

    /// Sends every byte of `bytes`; false if the peer is gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// What the server sent until it closed the connection; `closed` is false when the deadline passed first.
    func readUntilClosed(timeout: Double = 5) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count]; continue }
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return (received, true) }
        }
        return (received, false)
    }

    /// The responses in `bytes`: status, header fields (lower-case names) and body, cut by Content-Length.
    static func responses(_ bytes: [UInt8]) -> [(status: Int, headers: [String: String], body: String)] {
        var result: [(Int, [String: String], String)] = []
        var rest = bytes[...]
        let separator: [UInt8] = [13, 10, 13, 10]
        while let end = rest.firstRange(of: separator) {
            let head = String(decoding: rest[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            guard let statusLine = head.first, statusLine.hasPrefix("HTTP/1.1 "), let status = Int(statusLine.dropFirst(9).prefix(3)) else { break }
            var headers: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            let bodyStart = end.upperBound
            let bodyEnd = min(rest.endIndex, bodyStart + length)
            result.append((status, headers, String(decoding: rest[bodyStart..<bodyEnd], as: UTF8.self)))
            rest = rest[bodyEnd...]
        }
        return result
    }
}
