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
        /// The gate refused a request whose line it could not read: logged as `-`.
        var lineUnreadable = false
        /// The whole target, once the query is read back from the gate's field.
        var target: String?
        var dispatched = false
        var response: HTTPResponse?
        var suspended = false
        var completed = false
    }

    /// The target as libmicrohttpd saw it: the path (the gate passes the query in a field).
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
    private let exchange: HTTPExchange
    private let server: HTTPServerCore
    nonisolated(unsafe) private let connection: OpaquePointer

    init(exchange: HTTPExchange, server: HTTPServerCore, connection: OpaquePointer) {
        self.exchange = exchange
        self.server = server
        self.connection = connection
    }

    /// Sends `response`; later calls are ignored.
    package func respond(_ response: HTTPResponse) {
        let resume = exchange.state.withLock { state -> Bool in
            guard state.response == nil, !state.completed else { return false }
            state.response = response
            return state.suspended
        }
        if resume { server.resume(exchange, connection: connection) }
    }

    /// Whether an answer was given.
    package var hasResponded: Bool {
        exchange.state.withLock { $0.response != nil }
    }
}
