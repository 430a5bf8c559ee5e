import Foundation
import PosterHTTP

/// A request the service refuses: the HTTP status, a stable code, the JSON path or
/// query parameter at fault (if any) and the message (the CLI's, for bad results).
/// Sent as `{"error": {"status", "code", "path", "message"}}`.
///
/// A message never quotes the request: not a value, not a name the service does not
/// read, not the path, method or media type. Error pages are served from the service's
/// domain, and a quoted text would be a stranger's words there (a scam notice in `t=`).
package struct ServiceError: Error, Sendable, Hashable {
    /// The HTTP status.
    package let status: Int
    /// A stable machine-readable code such as `bad-result`.
    package let code: String
    /// The JSON path (POST) or query parameter (GET) at fault; nil when none is.
    package let path: String?
    /// What is wrong, in one line.
    package let message: String
    /// Extra header fields (`Allow`, `Retry-After`, `Connection`).
    package let headers: [String: String]

    /// Creates an error.
    package init(_ status: Int, _ code: String, path: String? = nil, _ message: String, headers: [String: String] = [:]) {
        self.status = status
        self.code = code
        self.path = path
        self.message = message
        self.headers = headers
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            let status: Int
            let code: String
            let path: String?
            let message: String

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(status, forKey: .status)
                try container.encode(code, forKey: .code)
                try container.encode(path, forKey: .path)  // null, not absent, when there is none
                try container.encode(message, forKey: .message)
            }

            enum CodingKeys: String, CodingKey { case status, code, path, message }
        }
        let error: Detail
    }

    /// The JSON body, one line plus a newline.
    package var body: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Body(error: .init(status: status, code: code, path: path, message: message)))) ?? Data()
        return [UInt8](data) + [0x0a]
    }

    var response: HTTPResponse {
        // nosniff: the body must stay JSON whatever a client guesses from it.
        var fields = [(name: "Content-Type", value: "application/json"), (name: "Cache-Control", value: "no-store"),
                      (name: "X-Content-Type-Options", value: "nosniff")]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.append((name, value)) }
        return HTTPResponse(status: status, headers: fields, body: body)
    }
}

extension ServiceError {
    static let notFound = ServiceError(
        404, "not-found", "no such endpoint; see the README's serve section (POST /v1/render, GET /v1/posters/<theme>.png, /i, /r, /v1/links/<i|r>/<theme>.png, /.well-known/, /healthz, /readyz, /metrics)")

    /// The methods a message may name; any other is the requester's text.
    private static let standardMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"]

    static func methodNotAllowed(_ method: String, allowed: [String]) -> ServiceError {
        let list = allowed.joined(separator: ", ")
        let named = standardMethods.contains(method) ? "method \(method)" : "this method"
        return ServiceError(405, "method-not-allowed", "\(named) is not allowed here; use \(list)", headers: ["Allow": list])
    }

    /// A request refused before any handler read it (a limit or its framing): the
    /// connection closes after the answer. `path` names the header field at fault.
    static func limit(_ violation: HTTPRequestViolation) -> ServiceError {
        ServiceError(violation.status, violation.code, path: violation.field, violation.reason, headers: ["Connection": "close"])
    }

    static let queueFull = ServiceError(
        429, "queue-full", "every render worker is busy and the queue is full; retry after 1 second", headers: ["Retry-After": "1"])

    static let draining = ServiceError(503, "draining", "the server is shutting down", headers: ["Connection": "close", "Retry-After": "1"])

    static let overCapacity = ServiceError(
        503, "too-many-connections", "the server holds its maximum number of connections; retry later",
        headers: ["Connection": "close", "Retry-After": "1"])

    static func deadline(_ seconds: Double) -> ServiceError {
        ServiceError(503, "render-deadline", "the render did not start within \(seconds) s (the render deadline)", headers: ["Retry-After": "1"])
    }
}
