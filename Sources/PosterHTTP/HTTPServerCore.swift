import CMicroHTTPD
import CMicroHTTPDShim
import Dispatch
import Foundation
import Synchronization

/// The daemon and everything its C callbacks reach through their `cls` pointer. The
/// daemon has no listening socket of its own: the gate (`HTTPGate`) accepts every
/// connection, reads its requests strictly and hands the daemon one end of a socket pair.
final class HTTPServerCore: Sendable, HTTPGateDelegate {
    let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    let watch: HTTPConnectionWatch
    nonisolated(unsafe) private var daemon: OpaquePointer?
    nonisolated(unsafe) private(set) var gate: HTTPGate!
    private let suspended = Mutex<[ObjectIdentifier: (exchange: HTTPExchange, responder: HTTPResponder)]>([:])
    private let phase = Mutex(Phase.running)
    private let fallback = Mutex<HTTPResponse?>(nil)

    enum Phase { case running, quiesced, stopped }

    init(_ configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler) throws(HTTPServerError) {
        self.configuration = configuration
        self.handler = handler
        watch = HTTPConnectionWatch(readTimeout: configuration.readTimeoutSeconds)
        try Self.loadLibrary()
        gate = try HTTPGate(configuration, delegate: self)
        let context = Unmanaged.passRetained(self).toOpaque()
        var options = HTTPCallbacks.options(configuration, context: context)
        let started = options.withUnsafeMutableBufferPointer { items in
            let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
                | MHD_USE_NO_LISTEN_SOCKET.rawValue
            return nmti_mhd_start(flags, 0, HTTPCallbacks.access, context, items.baseAddress)
        }
        guard let started else {
            Unmanaged<HTTPServerCore>.fromOpaque(context).release()
            gate.stop(flushingFor: 0)
            throw HTTPServerError("cannot start the HTTP server on \(configuration.host):\(configuration.port): \(String(cString: strerror(errno)))")
        }
        daemon = started
        watch.start()
        gate.start()
    }

    /// The port bound (the chosen one when the configuration asked for 0).
    var boundPort: UInt16 { gate.port }

    /// The most connections held at once (the open-file limit may lower the configured one).
    var connectionLimit: Int { gate.connectionLimit }

    /// Connections open now, counted at the gate.
    var openConnections: Int { gate.count }

    /// Connections closed at the connection limit to let a new one in.
    var evictions: Int { gate.evictions.load(ordering: .relaxed) }

    func admit(_ descriptor: Int32, from address: sockaddr_in) -> Bool {
        guard let daemon else {
            close(descriptor)
            return false
        }
        var address = address
        return nmti_mhd_add_connection(daemon, descriptor, &address) == 1
    }

    func isAnswering(_ descriptor: Int32) -> Bool {
        watch.isAnswering(descriptor)
    }

    /// Opens libmicrohttpd, which is loaded only when a server starts (see CMicroHTTPDShim.h).
    static func loadLibrary() throws(HTTPServerError) {
        var message = [CChar](repeating: 0, count: 512)
        guard nmti_mhd_load(&message, message.count) == 0 else { return }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw HTTPServerError("cannot load libmicrohttpd (\(reason)); install it with: apt-get install libmicrohttpd12")
    }

    /// Whether requests are still handed to the handler.
    var stopping: HTTPResponse? { fallback.withLock { $0 } }

    var suspendedCount: Int { suspended.withLock { $0.count } }

    func quiesce() {
        let first = phase.withLock { current -> Bool in
            guard current == .running else { return false }
            current = .quiesced
            return true
        }
        guard first else { return }
        gate.quiesce()
    }

    func stop(fallback answer: HTTPResponse) {
        quiesce()
        fallback.withLock { $0 = answer }
        let waiting = suspended.withLock { Array($0.values) }
        for entry in waiting { entry.responder.respond(answer) }
        // Resumed connections send their answer on the library's threads; give them a moment.
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        while suspendedCount > 0, DispatchTime.now().uptimeNanoseconds < deadline { usleep(10_000) }
        usleep(100_000)
        let wasRunning = phase.withLock { current -> Bool in
            defer { current = .stopped }
            return current != .stopped
        }
        guard wasRunning, let daemon else { return }
        watch.stop()
        nmti_mhd_stop_daemon(daemon)
        self.daemon = nil
        gate.stop(flushingFor: 0.5)
        Unmanaged.passUnretained(self).release()
    }

    /// Registers a request whose connection is about to be suspended.
    func willSuspend(_ exchange: HTTPExchange, responder: HTTPResponder) {
        suspended.withLock { $0[ObjectIdentifier(exchange)] = (exchange, responder) }
    }

    /// Resumes a suspended connection once its answer is there.
    func resume(_ exchange: HTTPExchange, connection: OpaquePointer) {
        let removed = suspended.withLock { $0.removeValue(forKey: ObjectIdentifier(exchange)) != nil }
        if removed { nmti_mhd_resume_connection(connection) }
    }
}
