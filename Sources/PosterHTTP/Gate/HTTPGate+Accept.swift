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

    /// Each connection costs three descriptors (the client's and both ends of its pair):
    /// lift the soft limit towards the hard one when the connection limit needs it.
    static func raiseDescriptorLimit(for connections: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = rlim_t(connections * 3 + 256)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
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
            guard client >= 0 else { return }  // EAGAIN, or out of descriptors (tried again on the next readiness)
            if state.connections.count >= configuration.connectionLimit, !makeRoom(&state) {
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

    /// At the connection limit: closes the connection quiet the longest (no request in
    /// flight on either side); failing that, the one whose request has been arriving
    /// the longest. A connection whose request is being answered is never closed.
    /// False when every connection is busy being answered.
    private func makeRoom(_ state: inout Loop) -> Bool {
        var quiet: GateConnection?
        var reading: GateConnection?
        for connection in state.connections.values where !connection.isLingering && !connection.isRefusing {
            let answering = delegate.isAnswering(connection.serverPeer)
            if connection.isQuiet, !answering {
                if quiet.map({ connection.lastActivity < $0.lastActivity }) ?? true { quiet = connection }
            } else if !connection.stream.isBetweenRequests, !answering {
                if reading.map({ connection.lastActivity < $0.lastActivity }) ?? true { reading = connection }
            }
        }
        guard let victim = quiet ?? reading else { return false }
        evictions.add(1, ordering: .relaxed)
        discard(victim, &state)
        return true
    }
}
