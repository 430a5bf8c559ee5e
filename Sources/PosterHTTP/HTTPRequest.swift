/// One HTTP request as plain values, handed from the libmicrohttpd wrapper to a handler.
package struct HTTPRequest: Sendable {
    /// The method as sent (`GET`, `POST`, …).
    package let method: String
    /// The request target exactly as sent: the path and, after `?`, the raw query.
    package let target: String
    /// Header fields in the order received; names as sent (compare them case-insensitively).
    package let headers: [(name: String, value: String)]
    /// The body, at most the configured body limit.
    package let body: [UInt8]
    /// Why the request was refused before it was read in full (a limit or its framing); the handler answers it.
    package let violation: HTTPRequestViolation?
    /// When the request line arrived, in `DispatchTime` nanoseconds (monotonic).
    package let receivedAt: UInt64
    /// The address of the peer the gate accepted the connection from (`203.0.113.7`); empty when unknown.
    package let clientAddress: String

    /// Creates a request (the wrapper does; tests may too).
    package init(
        method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        violation: HTTPRequestViolation? = nil, receivedAt: UInt64 = 0, clientAddress: String = ""
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.violation = violation
        self.receivedAt = receivedAt
        self.clientAddress = clientAddress
    }

    /// The path: the target up to `?`, still percent-encoded.
    package var path: Substring {
        target.firstIndex(of: "?").map { target[..<$0] } ?? Substring(target)
    }

    /// The raw query after `?`, still percent-encoded; empty when there is none.
    package var query: Substring {
        target.firstIndex(of: "?").map { target[target.index(after: $0)...] } ?? ""
    }

    /// The first value of a header, by case-insensitive name.
    package func header(_ name: String) -> String? {
        headers.first { HTTPToken.equalsIgnoringCase($0.name.utf8, name.utf8) }?.value
    }
}
