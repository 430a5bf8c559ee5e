import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

/// Handles one request: answer through the responder, now or later from another thread.
package typealias HTTPHandler = @Sendable (HTTPRequest, HTTPResponder) -> Void

/// An HTTP/1.1 server on libmicrohttpd: an epoll thread pool that parses requests,
/// enforces the limits of `HTTPServerConfiguration`, hands each complete request to a
/// Swift handler as plain values and sends the plain response back. Handlers that
/// answer later (renders) suspend their connection instead of holding a thread.
package final class HTTPServer: Sendable {
    private let core: HTTPServerCore

    /// The port bound (the chosen one when the configuration asked for 0).
    package var port: UInt16 { core.boundPort }

    /// Opens libmicrohttpd (once per process), so that a service can fail at once,
    /// before its warm-up, when the library is not installed; `init` does it too.
    package static func loadLibrary() throws(HTTPServerError) {
        try HTTPServerCore.loadLibrary()
    }

    /// Starts listening; fails with the address and reason when it cannot bind.
    package init(_ configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler) throws(HTTPServerError) {
        core = try HTTPServerCore(configuration, handler: handler)
    }

    /// Stops accepting new connections (the gate's listening socket is closed) while the
    /// open ones are still served: the first step of a drain.
    package func quiesce() {
        core.quiesce()
    }

    /// The most connections held at once: the configured limit, or fewer when the process's
    /// open-file limit cannot give each connection its three descriptors.
    package var connectionLimit: Int { core.connectionLimit }

    /// Connections open now.
    package var openConnections: Int { core.openConnections }

    /// Connections closed at the connection limit to let a new one in (the quietest first).
    package var evictedConnections: Int { core.evictions }

    /// Requests whose connection is suspended waiting for an answer.
    package var suspendedRequests: Int { core.suspendedCount }

    /// Connections cut off because their request did not arrive within the read timeout.
    package var readTimeouts: Int { core.watch.timeouts }

    /// Answers every request still waiting with `fallback`, then stops the daemon and
    /// its threads. Waits at most about a second for those answers to go out.
    package func stop(answeringPendingWith fallback: HTTPResponse) {
        core.stop(fallback: fallback)
    }
}
