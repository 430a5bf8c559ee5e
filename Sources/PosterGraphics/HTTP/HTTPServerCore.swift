import CMicroHTTPD
import CMicroHTTPDShim
import Dispatch
import Foundation
import Synchronization

/// The daemon and everything its C callbacks reach through their `cls` pointer.
final class HTTPServerCore: Sendable {
    let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    let watch: HTTPConnectionWatch
    nonisolated(unsafe) private var daemon: OpaquePointer?
    nonisolated(unsafe) private(set) var boundPort: UInt16 = 0
    private let suspended = Mutex<[ObjectIdentifier: (exchange: HTTPExchange, responder: HTTPResponder)]>([:])
    private let phase = Mutex(Phase.running)
    private let fallback = Mutex<HTTPResponse?>(nil)

    enum Phase { case running, quiesced, stopped }

    init(_ configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler) throws(HTTPServerError) {
        self.configuration = configuration
        self.handler = handler
        watch = HTTPConnectionWatch(readTimeout: configuration.readTimeoutSeconds)
        try Self.loadLibrary()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = configuration.port.bigEndian
        guard inet_pton(AF_INET, configuration.host, &address.sin_addr) == 1 else {
            throw HTTPServerError("--host '\(configuration.host)' is not an IPv4 address such as 127.0.0.1 or 0.0.0.0")
        }
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = withUnsafeMutablePointer(to: &address) { addressPointer in
            var options = HTTPCallbacks.options(configuration, context: context, address: UnsafeMutableRawPointer(addressPointer))
            return options.withUnsafeMutableBufferPointer { items in
                let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
                return nmti_mhd_start(flags, configuration.port, HTTPCallbacks.access, context, items.baseAddress)
            }
        }
        guard let started else {
            Unmanaged<HTTPServerCore>.fromOpaque(context).release()
            let reason = String(cString: strerror(errno))
            throw HTTPServerError("cannot listen on \(configuration.host):\(configuration.port): \(reason)")
        }
        daemon = started
        boundPort = nmti_mhd_bound_port(started)
        watch.start()
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
        guard first, let daemon else { return }
        let listening = nmti_mhd_quiesce_daemon(daemon)
        if listening >= 0 { close(listening) }
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
