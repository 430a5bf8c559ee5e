import Dispatch
import CLinuxEvents
import Foundation
import Synchronization

/// What the gate asks of the server behind it.
protocol HTTPGateDelegate: AnyObject, Sendable {
    /// Hands libmicrohttpd its end of a new connection's socket pair, with the client's
    /// address (for its per-address limit); false when it refused (it closed the descriptor).
    func admit(_ descriptor: Int32, from address: sockaddr_in) -> Bool
    /// Whether libmicrohttpd is answering a request on this connection now.
    func isAnswering(_ descriptor: Int32) -> Bool
}

/// The front door of the HTTP server. It owns the listening socket and relays every
/// connection to libmicrohttpd over a socket pair, reading each request first with
/// its own strict parser (`HTTPRequestStream`):
///
/// - libmicrohttpd 0.9.75 reads conflicting framing its own way (the first of two
///   `Content-Length`s, chunked over `Content-Length`) and answers a malformed
///   `Content-Length` with its status line sent twice. Behind the gate it only ever
///   sees canonical heads and bodies; in place of a refused request it gets a marked
///   one (`HTTPGateMarker`), which the service answers with one error in its JSON
///   form, after every earlier answer on the connection, and the connection closes.
/// - It keeps the connection count: at the limit, the connection quiet the longest
///   is closed to let a new one in, so idle keep-alive connections cannot starve
///   health checks.
/// - It closes connections with no traffic either way for the idle timeout.
final class HTTPGate: Sendable {
    /// The loop's own state: only the loop thread (and `quiesce`, under the lock) touches it.
    struct Loop {
        var connections: [UInt64: GateConnection] = [:]
        var nextID: UInt64 = 2
        var listening: Int32
        var lastSweep: UInt64 = 0
        /// When a pause in accepting (out of descriptors) ends.
        var acceptResumesAt: UInt64?
    }

    let configuration: HTTPServerConfiguration
    unowned let delegate: any HTTPGateDelegate
    /// The secret that marks the requests the gate refused.
    let marker = HTTPGateMarker()
    /// The port listened on.
    let port: UInt16
    /// The most connections held at once: the configured limit, or fewer when the open-file
    /// limit cannot give each its three descriptors.
    let connectionLimit: Int
    let poller: Int32
    let wakeup: Int32
    let loop: Mutex<Loop>
    /// The one read buffer, large enough for a whole poster; only the loop thread uses it.
    nonisolated(unsafe) let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256 * 1024)
    /// The loop's pipe for moving answers inside the kernel (`splice`), empty between uses.
    let pipeEnds: (read: Int32, write: Int32)
    /// Whether splicing works here (it is given up at the first refusal).
    let splicingState = Atomic<Bool>(true)
    var splicing: Bool { splicingState.load(ordering: .relaxed) }
    let openCount = Atomic<Int>(0)
    let evictions = Atomic<Int>(0)
    private let running = Atomic<Bool>(true)
    private let finished = DispatchSemaphore(value: 0)

    /// Binds and listens on the configured address; the loop starts with `start`.
    init(_ configuration: HTTPServerConfiguration, delegate: any HTTPGateDelegate) throws(HTTPServerError) {
        self.configuration = configuration
        self.delegate = delegate
        let listening = try Self.listen(configuration)
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) } }
        port = UInt16(bigEndian: bound.sin_port)
        poller = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeup = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard poller >= 0, wakeup >= 0 else {
            connectionLimit = 0
            close(listening)
            throw HTTPServerError("cannot start the HTTP event loop: \(String(cString: strerror(errno)))")
        }
        var ends: [Int32] = [-1, -1]
        if nmti_pipe(&ends, 1 << 20) != 0 { splicingState.store(false, ordering: .relaxed) }
        pipeEnds = (ends[0], ends[1])
        loop = Mutex(Loop(listening: listening))
        Self.watch(poller, listening, token: 0, events: UInt32(EPOLLIN.rawValue))
        Self.watch(poller, wakeup, token: 1, events: UInt32(EPOLLIN.rawValue))
        connectionLimit = Self.raiseDescriptorLimit(for: configuration.connectionLimit)
    }

    deinit {
        close(poller)
        close(wakeup)
        if pipeEnds.read >= 0 { close(pipeEnds.read); close(pipeEnds.write) }
        scratch.deallocate()
    }

    /// Starts the loop thread.
    func start() {
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "http gate"
        thread.start()
    }

    /// Connections open now (client side).
    var count: Int { openCount.load(ordering: .relaxed) }

    /// Stops accepting: the listening socket is closed; open connections go on.
    func quiesce() {
        loop.withLock { state in
            guard state.listening >= 0 else { return }
            epoll_ctl(poller, EPOLL_CTL_DEL, state.listening, nil)
            close(state.listening)
            state.listening = -1
        }
    }

    /// Relays what is still in flight for up to `seconds`, then closes everything and ends the loop.
    func stop(flushingFor seconds: Double) {
        quiesce()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline, count > 0 { usleep(10_000) }
        running.store(false, ordering: .relaxed)
        var one: UInt64 = 1
        _ = write(wakeup, &one, 8)
        finished.wait()
        loop.withLock { state in
            for connection in state.connections.values { close(connection.client); close(connection.server) }
            state.connections.removeAll()
        }
        openCount.store(0, ordering: .relaxed)
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 128)
        while running.load(ordering: .relaxed) {
            let ready = epoll_wait(poller, &events, Int32(events.count), 100)
            let now = DispatchTime.now().uptimeNanoseconds
            loop.withLock { state in
                for index in 0..<max(0, Int(ready)) { handle(events[index], &state, now: now) }
                if now &- state.lastSweep > 100_000_000 {
                    state.lastSweep = now
                    sweep(&state, now: now)
                }
            }
        }
    }

    private func handle(_ event: epoll_event, _ state: inout Loop, now: UInt64) {
        let token = event.data.u64
        switch token {
        case 0: acceptAll(&state, now: now)
        case 1: var value: UInt64 = 0; _ = read(wakeup, &value, 8)
        default:
            guard let connection = state.connections[token >> 1] else { return }
            relay(connection, clientSide: token & 1 == 0, events: event.events, &state, now: now)
        }
    }

    static func watch(_ poller: Int32, _ descriptor: Int32, token: UInt64, events: UInt32, modify: Bool = false) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        epoll_ctl(poller, modify ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, descriptor, &event)
    }
}
