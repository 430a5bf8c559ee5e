import CLinuxEvents
import Foundation

extension HTTPGate {
    /// A listening IPv4 socket on the configured address, non-blocking and close-on-exec.
    static func listen(_ configuration: HTTPServerConfiguration) throws(HTTPServerError) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = configuration.port.bigEndian
        guard inet_pton(AF_INET, configuration.host, &address.sin_addr) == 1 else {
            throw HTTPServerError("--host '\(configuration.host)' is not an IPv4 address such as 127.0.0.1 or 0.0.0.0")
        }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPServerError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Foundation.listen(descriptor, Int32(max(16, configuration.listenBacklog))) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw HTTPServerError("cannot listen on \(configuration.host):\(configuration.port): \(reason)")
        }
        return descriptor
    }

    /// Descriptors kept for everything but connections (themes, fonts, logs, the loop's own).
    static let reservedDescriptors = 128

    /// Each connection costs three descriptors (the client's and both ends of its pair):
    /// lifts the soft limit towards the hard one when the connection limit needs it, and
    /// returns how many connections the limit then allows (the connection limit at most),
    /// so that the quietest connection is closed before descriptors run out.
    static func raiseDescriptorLimit(for connections: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return connections }
        let wanted = rlim_t(connections * 3 + reservedDescriptors)
        if limit.rlim_cur < wanted {
            limit.rlim_cur = min(wanted, limit.rlim_max)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let allowed = (Int(clamping: limit.rlim_cur) - reservedDescriptors) / 3
        return max(1, min(connections, allowed))
    }

    /// Accepts every waiting connection (up to a batch), making room at the limit.
    func acceptAll(_ state: inout Loop, now: UInt64) {
        for _ in 0..<64 {
            guard state.listening >= 0 else { return }
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let client = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    nmti_accept4(state.listening, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            }
            guard client >= 0 else {
                // Out of descriptors: make room and try again, or stop watching the listener for a
                // moment (it stays readable, and a level-triggered loop would spin on it).
                if errno == EMFILE || errno == ENFILE {
                    if makeRoom(&state, now: now) { continue }
                    pauseAccepting(&state, now: now)
                }
                return
            }
            if state.connections.count >= connectionLimit, !makeRoom(&state, now: now) {
                close(client)
                continue
            }
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                close(client)
                continue
            }
            var one: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            // libmicrohttpd owns pair[1] from here, closing it itself when it refuses.
            guard delegate.admit(pair[1], from: address) else {
                close(client)
                close(pair[0])
                continue
            }
            let id = state.nextID
            state.nextID += 1
            let connection = GateConnection(
                id: id, client: client, server: pair[0], serverPeer: pair[1], stream: HTTPRequestStream(limits: configuration, marker: marker), now: now)
            state.connections[id] = connection
            openCount.add(1, ordering: .relaxed)
            connection.clientInterest = UInt32(EPOLLIN.rawValue) | UInt32(EPOLLRDHUP.rawValue)
            connection.serverInterest = UInt32(EPOLLIN.rawValue)
            Self.watch(poller, client, token: id << 1, events: connection.clientInterest)
            Self.watch(poller, pair[0], token: id << 1 | 1, events: connection.serverInterest)
        }
    }

    /// At the connection limit (or out of descriptors): closes one connection to let a new
    /// one in, in this order: one already ending (lingering after its last answer); the one
    /// quiet the longest (no request in flight either side); one whose client has not read
    /// its answer for a second; the one whose request has been arriving the longest. A
    /// connection waiting for its answer (a render) with nothing unsent is never closed.
    /// False when every connection is waiting for an answer.
    func makeRoom(_ state: inout Loop, now: UInt64) -> Bool {
        var best: (rank: Int, connection: GateConnection)?
        for connection in state.connections.values {
            let answering = !connection.serverClosed && delegate.isAnswering(connection.serverPeer)
            let rank: Int
            if connection.isLingering {
                rank = 0
            } else if connection.isQuiet, !answering {
                rank = 1
            } else if !connection.toClient.isEmpty, now &- connection.lastActivity > 1_000_000_000 {
                rank = 2
            } else if !connection.stream.isBetweenRequests, !answering {
                rank = 3
            } else {
                continue
            }
            if let current = best, (current.rank, current.connection.lastActivity) <= (rank, connection.lastActivity) { continue }
            best = (rank, connection)
        }
        guard let victim = best?.connection else { return false }
        evictions.add(1, ordering: .relaxed)
        discard(victim, &state)
        return true
    }

    /// Stops watching the listening socket for a tenth of a second (the sweep resumes it).
    func pauseAccepting(_ state: inout Loop, now: UInt64) {
        guard state.listening >= 0, state.acceptResumesAt == nil else { return }
        epoll_ctl(poller, EPOLL_CTL_DEL, state.listening, nil)
        state.acceptResumesAt = now + 100_000_000
    }

    /// Watches the listening socket again once a pause is over.
    func resumeAccepting(_ state: inout Loop, now: UInt64) {
        guard let resumeAt = state.acceptResumesAt, now >= resumeAt else { return }
        state.acceptResumesAt = nil
        if state.listening >= 0 { Self.watch(poller, state.listening, token: 0, events: UInt32(EPOLLIN.rawValue)) }
    }
}
