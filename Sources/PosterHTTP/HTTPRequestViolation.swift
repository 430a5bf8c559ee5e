/// Why a request is refused before any handler reads it: a size limit, or framing
/// that is malformed or ambiguous (RFC 9112). Every case is answered once, with the
/// status below, and then the connection is closed: after a framing error nobody
/// can say where the next request would start.
package enum HTTPRequestViolation: Error, Sendable, Hashable {
    /// The body (declared or received) is larger than the body limit.
    case bodyTooLarge(limit: Int)
    /// The request target is longer than the URL limit.
    case targetTooLong(limit: Int)
    /// The header fields together are larger than the header limit, or too many.
    case headersTooLarge(limit: Int)
    /// The request line is not `method SP target SP HTTP/x.y`, or the target is not a path.
    case badRequestLine
    /// A version other than HTTP/1.0 and HTTP/1.1.
    case unsupportedVersion
    /// A line ended by a bare CR or a bare LF instead of CRLF.
    case badLineEnding
    /// A header line that is folded, has whitespace before its colon, a name that is
    /// not a token or a control character in its value; `name` when it is a field the
    /// server knows (`HTTPToken.knownFields`), never a name only the client chose.
    case badHeaderField(name: String?)
    /// `Host` missing from an HTTP/1.1 request, repeated, or not a host.
    case badHost(HostProblem)
    /// `Content-Length` repeated or not a plain decimal number.
    case badContentLength(ContentLengthProblem)
    /// Both `Transfer-Encoding` and `Content-Length`, or `Transfer-Encoding` in HTTP/1.0.
    case conflictingFraming
    /// A transfer coding other than exactly `chunked`.
    case unsupportedTransferCoding
    /// A chunked body whose chunk sizes, extensions or line endings are malformed.
    case badChunk
    /// An `Expect` other than `100-continue`.
    case unsupportedExpectation

    /// What is wrong with `Host`.
    package enum HostProblem: String, Sendable, Hashable {
        case missing, repeated, malformed, conflicting
    }

    /// What is wrong with `Content-Length`.
    package enum ContentLengthProblem: String, Sendable, Hashable {
        case repeated, malformed
    }

    /// The HTTP status that answers it.
    package var status: Int {
        switch self {
        case .bodyTooLarge: 413
        case .targetTooLong: 414
        case .headersTooLarge: 431
        case .unsupportedVersion: 505
        case .unsupportedTransferCoding: 501
        case .unsupportedExpectation: 417
        case .badRequestLine, .badLineEnding, .badHeaderField, .badHost, .badContentLength, .conflictingFraming, .badChunk: 400
        }
    }

    /// A stable machine-readable code.
    package var code: String {
        switch self {
        case .bodyTooLarge: "body-too-large"
        case .targetTooLong: "url-too-long"
        case .headersTooLarge: "headers-too-large"
        case .badRequestLine: "bad-request-line"
        case .unsupportedVersion: "http-version-not-supported"
        case .badLineEnding, .conflictingFraming, .badChunk: "bad-framing"
        case .badHeaderField: "bad-header"
        case .badHost: "bad-host"
        case .badContentLength: "bad-content-length"
        case .unsupportedTransferCoding: "unsupported-transfer-coding"
        case .unsupportedExpectation: "expectation-failed"
        }
    }

    /// The header field at fault, when one is (never text the client chose, beyond a token name).
    package var field: String? {
        switch self {
        case .badHeaderField(let name): name
        case .badHost: "Host"
        case .badContentLength: "Content-Length"
        case .conflictingFraming, .unsupportedTransferCoding: "Transfer-Encoding"
        case .unsupportedExpectation: "Expect"
        case .bodyTooLarge, .targetTooLong, .headersTooLarge, .badRequestLine, .unsupportedVersion, .badLineEnding, .badChunk: nil
        }
    }

    /// What is wrong, in one line that quotes nothing the client sent.
    package var reason: String {
        switch self {
        case .bodyTooLarge(let limit): "the request body is larger than \(limit) bytes, the limit for a result"
        case .targetTooLong(let limit): "the URL (path and query) is longer than \(limit) bytes"
        case .headersTooLarge(let limit): "the request's header fields are larger than \(limit) bytes together, or more than \(HTTPHeadParser.maximumFields)"
        case .badRequestLine: "the request line is not 'METHOD /path HTTP/1.1' (one space apart, a path or an http URL as the target, no control characters)"
        case .unsupportedVersion: "only HTTP/1.1 and HTTP/1.0 are served"
        case .badLineEnding: "a line of the request ends with a bare CR or LF; HTTP lines end with CRLF"
        case .badHeaderField: "a header line is folded, has whitespace before its colon, a name that is not a token or a control character in its value"
        case .badHost(.missing): "an HTTP/1.1 request needs exactly one Host header"
        case .badHost(.repeated): "Host is given more than once"
        case .badHost(.malformed): "Host is not a host name or address with an optional port"
        case .badHost(.conflicting): "the request target names another host than Host"
        case .badContentLength(.repeated): "Content-Length is given more than once"
        case .badContentLength(.malformed): "Content-Length is not a plain decimal number of bytes"
        case .conflictingFraming: "Transfer-Encoding cannot be combined with Content-Length, nor sent in HTTP/1.0: the body's length would be ambiguous"
        case .unsupportedTransferCoding: "the only transfer coding served is exactly 'chunked'"
        case .badChunk: "the chunked body is malformed (chunk size, extension or line ending)"
        case .unsupportedExpectation: "the only expectation served is '100-continue'"
        }
    }

    /// The violation as the gate writes it into the request it hands libmicrohttpd in
    /// place of the refused one (`code` plus what the case carries).
    var gateText: String {
        switch self {
        case .bodyTooLarge(let limit), .targetTooLong(let limit), .headersTooLarge(let limit): "\(code) \(limit)"
        case .badHeaderField(let name): name.map { "\(code) \($0)" } ?? code
        case .badHost(let problem): "\(code) \(problem.rawValue)"
        case .badContentLength(let problem): "\(code) \(problem.rawValue)"
        case .badLineEnding: "bad-framing line-ending"
        case .conflictingFraming: "bad-framing conflicting"
        case .badChunk: "bad-framing chunk"
        case .badRequestLine, .unsupportedVersion, .unsupportedTransferCoding, .unsupportedExpectation: code
        }
    }

    /// Reads `gateText` back.
    init?(gateText: String) {
        let parts = gateText.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? parts[1] : nil
        switch (parts.first ?? "", argument) {
        case ("body-too-large", let limit?): guard let value = Int(limit) else { return nil }; self = .bodyTooLarge(limit: value)
        case ("url-too-long", let limit?): guard let value = Int(limit) else { return nil }; self = .targetTooLong(limit: value)
        case ("headers-too-large", let limit?): guard let value = Int(limit) else { return nil }; self = .headersTooLarge(limit: value)
        case ("bad-header", let name): self = .badHeaderField(name: name)
        case ("bad-host", let problem?): guard let value = HostProblem(rawValue: problem) else { return nil }; self = .badHost(value)
        case ("bad-content-length", let problem?): guard let value = ContentLengthProblem(rawValue: problem) else { return nil }; self = .badContentLength(value)
        case ("bad-framing", "line-ending"): self = .badLineEnding
        case ("bad-framing", "conflicting"): self = .conflictingFraming
        case ("bad-framing", "chunk"): self = .badChunk
        case ("bad-request-line", nil): self = .badRequestLine
        case ("http-version-not-supported", nil): self = .unsupportedVersion
        case ("unsupported-transfer-coding", nil): self = .unsupportedTransferCoding
        case ("expectation-failed", nil): self = .unsupportedExpectation
        default: return nil
        }
    }
}

