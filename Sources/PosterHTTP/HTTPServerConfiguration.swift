/// How the libmicrohttpd daemon listens and what it allows; every limit is explicit
/// because several of the library's defaults are "none" (the connection timeout).
package struct HTTPServerConfiguration: Sendable {
    /// The IPv4 address to bind (dotted quad); `127.0.0.1` unless told otherwise.
    package var host = "127.0.0.1"
    /// The port; 0 lets the kernel choose (read it back from `HTTPServer.port`).
    package var port: UInt16 = 8080
    /// libmicrohttpd's own threads (an epoll thread pool); they never render.
    package var threads = 2
    /// Connections the library accepts at most; more wait in the kernel's backlog or are refused.
    package var connectionLimit = 1_024
    /// Connections one client address may hold at once.
    package var perAddressConnectionLimit = 256
    /// Memory libmicrohttpd may use per connection for its request line, headers and
    /// read buffer. The gate passes a query in a header field instead of the request line,
    /// so the library splits no query items into this pool, and a head the gate lets
    /// through (at most the URL limit plus the header limit) always fits; the library
    /// clears the pool on every request, so a smaller pool is also a faster one.
    package var connectionMemoryBytes = 64 * 1024
    /// A connection with no traffic either way for this long is closed (idle keep-alive, stalled writes).
    package var idleTimeoutSeconds = 5
    /// A request (line, headers and body) must arrive in full within this time from the
    /// connection opening or the previous answer: a client trickling bytes is cut off.
    package var readTimeoutSeconds = 10.0
    /// The largest body read.
    package var maximumBodyBytes = 64 * 1024
    /// The longest request target (path and query).
    package var maximumTargetBytes = 8 * 1024
    /// The most header bytes (names and values together).
    package var maximumHeaderBytes = 16 * 1024
    /// The kernel's accept backlog.
    package var listenBacklog = 1_024

    /// The defaults above.
    package init() {}
}

/// Why the HTTP server could not start.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the address.
    package let message: String

    /// Creates an error.
    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
