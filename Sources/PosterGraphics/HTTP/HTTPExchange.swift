import CMicroHTTPD
import Dispatch
import Synchronization

/// One request's state inside the wrapper, from its request line to its completion.
/// libmicrohttpd holds it (retained) in the request's `con_cls` slot.
final class HTTPExchange: Sendable {
    /// Where the answer stands: the libmicrohttpd thread and a worker meet here.
    struct State {
        var method = ""
        var headers: [(name: String, value: String)] = []
        var body: [UInt8] = []
        var headersSeen = false
        var violation: HTTPRequestViolation?
        var dispatched = false
        var response: HTTPResponse?
        var suspended = false
        var completed = false
    }

    let target: String
    let receivedAt: UInt64
    let state = Mutex(State())

    init(target: String) {
        self.target = target
        receivedAt = DispatchTime.now().uptimeNanoseconds
    }
}

/// The one-shot answer to a request: call `respond` once, from any thread. A handler
/// that answers before returning is answered on the HTTP thread; otherwise the
/// connection is suspended (it costs no thread) and resumed when `respond` is called.
package final class HTTPResponder: Sendable {
    private enum Backend {
        /// A request libmicrohttpd read: the answer goes back through the library.
        case exchange(HTTPExchange, HTTPServerCore, connection: OpaquePointer)
        /// A request the gate refused: the answer is kept for the gate to send.
        case capture
    }

    nonisolated(unsafe) private let backend: Backend
    private let kept = Mutex<HTTPResponse?>(nil)

    init(exchange: HTTPExchange, server: HTTPServerCore, connection: OpaquePointer) {
        backend = .exchange(exchange, server, connection: connection)
    }

    /// A responder that only keeps the answer (`captured`).
    init() {
        backend = .capture
    }

    /// Sends `response`; later calls are ignored.
    package func respond(_ response: HTTPResponse) {
        switch backend {
        case .capture:
            kept.withLock { if $0 == nil { $0 = response } }
        case .exchange(let exchange, let server, let connection):
            let resume = exchange.state.withLock { state -> Bool in
                guard state.response == nil, !state.completed else { return false }
                state.response = response
                return state.suspended
            }
            if resume { server.resume(exchange, connection: connection) }
        }
    }

    /// The kept answer of a capturing responder.
    var captured: HTTPResponse? { kept.withLock { $0 } }

    /// Whether an answer was given.
    package var hasResponded: Bool {
        switch backend {
        case .capture: kept.withLock { $0 != nil }
        case .exchange(let exchange, _, _): exchange.state.withLock { $0.response != nil }
        }
    }
}
