import CLinuxEvents
import Foundation

extension HTTPGate {
    /// Bytes one socket may have queued before the gate stops reading from the other.
    static let queueLimit = 256 * 1024
    /// How long a closing connection's input is drained after its last answer, so the
    /// answer is not lost to a reset (a client still sending when the socket closes).
    static let lingerNanoseconds: UInt64 = 2_000_000_000

    /// One readiness event on a connection's client or server socket.
    func relay(_ connection: GateConnection, clientSide: Bool, events: UInt32, _ state: inout Loop, now: UInt64) {
        let readable = events & (UInt32(EPOLLIN.rawValue) | UInt32(EPOLLRDHUP.rawValue)) != 0
        let failed = events & (UInt32(EPOLLERR.rawValue) | UInt32(EPOLLHUP.rawValue)) != 0
        if clientSide {
            // A reset or a client gone both ways: nothing can be delivered any more.
            if failed, !readable { return discard(connection, &state) }
            if readable, !readClient(connection, now: now) { return discard(connection, &state) }
        } else if readable || failed {
            readServer(connection, now: now)
        }
        advance(connection, &state, now: now)
    }

    /// Reads what the client sent and passes it through the request stream; false when the client is gone.
    private func readClient(_ connection: GateConnection, now: UInt64) -> Bool {
        let count = withScratch { buffer in recv(connection.client, buffer.baseAddress, buffer.count, 0) }
        if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
        if count == 0 {
            connection.clientReadClosed = true
            return true
        }
        connection.lastActivity = now
        // After a refusal or an ending, what the client still sends is read and dropped.
        guard case .open = connection.ending else { return true }
        let consumed = withScratch { buffer in connection.stream.consume(ArraySlice(UnsafeBufferPointer(rebasing: buffer[0..<count]))) }
        connection.toServer.append(consumed.forward)
        if consumed.violation != nil { connection.ending = .refusing }
        return true
    }

    /// Reads what libmicrohttpd answered, up to the queue limit; at its end of file the
    /// gate's end is closed. While nothing is queued for the client the bytes are moved
    /// inside the kernel (`splice`, through the loop's pipe), never copied through the gate.
    private func readServer(_ connection: GateConnection, now: UInt64) {
        if connection.toClient.isEmpty, splicing, spliceServer(connection, now: now) { return }
        while !connection.serverClosed, connection.toClient.count < Self.queueLimit {
            let count = withScratch { buffer in recv(connection.server, buffer.baseAddress, buffer.count, 0) }
            if count > 0 {
                connection.lastActivity = now
                withScratch { buffer in connection.toClient.append(UnsafeBufferPointer(rebasing: buffer[0..<count])) }
                if count < scratch.count { return }  // drained for now
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else if count < 0, errno == EINTR {
                continue
            } else {
                close(connection.server)
                connection.serverClosed = true
            }
        }
    }

    /// Sends what is queued, shuts and closes what is finished, and updates what the loop waits for.
    func advance(_ connection: GateConnection, _ state: inout Loop, now: UInt64) {
        if !connection.serverClosed, !connection.serverWriteShut, !connection.toServer.isEmpty, !connection.toServer.flush(to: connection.server) {
            connection.toServer = OutgoingBytes()  // libmicrohttpd closed its end; its answer (if any) is still read
        }
        // The client sends no more: libmicrohttpd sees the end of input and closes when its answers are out.
        // (A refused stream needs no such signal: its marked request asks libmicrohttpd to close.)
        if !connection.serverClosed, !connection.serverWriteShut, connection.toServer.isEmpty, connection.clientReadClosed {
            shutdown(connection.server, Int32(SHUT_WR))
            connection.serverWriteShut = true
        }
        if connection.serverClosed {
            if !connection.isLingering { connection.ending = .lingering(until: now + Self.lingerNanoseconds) }
        }
        if !connection.toClient.isEmpty, !connection.toClient.flush(to: connection.client) { return discard(connection, &state) }
        if case .lingering(let until) = connection.ending, connection.toClient.isEmpty {
            if !connection.clientWriteShut {
                shutdown(connection.client, Int32(SHUT_WR))
                connection.clientWriteShut = true
            }
            if connection.clientReadClosed || now > until { return discard(connection, &state) }
        }
        updateInterests(connection)
    }

    private func updateInterests(_ connection: GateConnection) {
        let input = UInt32(EPOLLIN.rawValue) | UInt32(EPOLLRDHUP.rawValue), output = UInt32(EPOLLOUT.rawValue)
        var client: UInt32 = 0
        let dropping = !(connection.ending.isOpen)
        if !connection.clientReadClosed, dropping || connection.toServer.count < Self.queueLimit { client |= input }
        if !connection.toClient.isEmpty { client |= output }
        if client != connection.clientInterest {
            connection.clientInterest = client
            Self.watch(poller, connection.client, token: connection.id << 1, events: client, modify: true)
        }
        guard !connection.serverClosed else { return }
        var server: UInt32 = 0
        if connection.toClient.count < Self.queueLimit { server |= UInt32(EPOLLIN.rawValue) }
        if !connection.toServer.isEmpty, !connection.serverWriteShut { server |= output }
        if server != connection.serverInterest {
            connection.serverInterest = server
            Self.watch(poller, connection.server, token: connection.id << 1 | 1, events: server, modify: true)
        }
    }

    /// Closes both of the gate's sockets of a connection and forgets it.
    func discard(_ connection: GateConnection, _ state: inout Loop) {
        guard state.connections.removeValue(forKey: connection.id) != nil else { return }
        close(connection.client)
        if !connection.serverClosed { close(connection.server) }
        openCount.subtract(1, ordering: .relaxed)
    }

    /// Every tenth of a second: closes connections with no traffic either way for the
    /// idle timeout, except one waiting for its answer (a render may take its time) with
    /// nothing unsent; closes lingering ones whose drain time is up; resumes accepting.
    func sweep(_ state: inout Loop, now: UInt64) {
        resumeAccepting(&state, now: now)
        let idle = UInt64(max(1, configuration.idleTimeoutSeconds)) * 1_000_000_000
        for connection in Array(state.connections.values) {
            if case .lingering(let until) = connection.ending, now > until {
                discard(connection, &state)
            } else if now &- connection.lastActivity > idle {
                let waiting = !connection.serverClosed && connection.toClient.isEmpty && delegate.isAnswering(connection.serverPeer)
                if !waiting { discard(connection, &state) }
            }
        }
    }

    /// Moves an answer from libmicrohttpd to the client through the loop's pipe. What the
    /// client does not take at once is read out of the pipe into the client's queue, so
    /// the pipe is empty for the next connection. False when the kernel cannot splice
    /// these sockets (then the gate copies from now on).
    private func spliceServer(_ connection: GateConnection, now: UInt64) -> Bool {
        while !connection.serverClosed {
            let moved = nmti_splice(connection.server, pipeEnds.write, 1 << 20)
            if moved < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { return true }
                if errno == EINTR { continue }
                if errno == EINVAL || errno == ENOSYS { splicingState.store(false, ordering: .relaxed); return false }
                close(connection.server)
                connection.serverClosed = true
                return true
            }
            if moved == 0 {
                close(connection.server)
                connection.serverClosed = true
                return true
            }
            connection.lastActivity = now
            var left = moved
            while left > 0 {
                let sent = nmti_splice(pipeEnds.read, connection.client, UInt(left))
                if sent > 0 { left -= sent; continue }
                if sent < 0, errno == EINTR { continue }
                break  // the client's buffer is full (or it is gone): the rest waits in its queue
            }
            if left > 0 {
                var count = left
                while count > 0 {
                    let read = withScratch { buffer in Foundation.read(pipeEnds.read, buffer.baseAddress, min(buffer.count, count)) }
                    guard read > 0 else { break }
                    withScratch { buffer in connection.toClient.append(UnsafeBufferPointer(rebasing: buffer[0..<read])) }
                    count -= read
                }
                return true
            }
        }
        return true
    }

    /// The loop's one read buffer, lent to a read (only the loop thread reads).
    private func withScratch<T>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> T) -> T {
        body(scratch)
    }
}

extension GateConnection.Ending {
    var isOpen: Bool {
        if case .open = self { return true }
        return false
    }
}
