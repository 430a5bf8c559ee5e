import Foundation

/// Writes a response the gate sends itself (a refusal) as HTTP/1.1 bytes: one status
/// line, `Date`, the response's fields, `Content-Length` and `Connection: close`,
/// then the body unless the request was `HEAD`.
enum HTTPResponseWriter {
    static func bytes(_ response: HTTPResponse, method: String) -> [UInt8] {
        let body = response.sharedBody?.bytes ?? response.body
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\nDate: \(date())\r\n"
        for field in response.headers {
            let name = field.name.lowercased()
            guard name != "connection", name != "content-length", name != "date", name != "transfer-encoding" else { continue }
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + (method == "HEAD" ? [] : body)
    }

    /// The reason phrases of the statuses the gate sends (RFC 9110 §15).
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 417: "Expectation Failed"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }

    /// Now as an IMF-fixdate (`Wed, 02 Dec 2026 00:40:25 GMT`), in English whatever the locale.
    static func date() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
