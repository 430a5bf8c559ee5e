import Foundation
import NMTIDomain
import Synchronization

/// One JSON object per line on standard error: each request and each service event,
/// with an RFC 3339 timestamp (`ts`) and a `level`. A request's line has its method,
/// path (without `sig`), status, bytes, total and render milliseconds, cache outcome,
/// client address, user agent, request id and trace id (docs/deploy.md, "Logs").
package final class AccessLog: Sendable {
    private let enabled: Bool
    private let lock = Mutex(())

    /// A log that writes request lines when `enabled` (events are always written).
    package init(enabled: Bool) {
        self.enabled = enabled
    }

    /// One request's line.
    struct Line: Encodable {
        let ts: String
        let level: String
        let method: String
        let path: String
        let status: Int
        let bytes: Int
        let ms: Double
        let renderMs: Double?
        let cache: String?
        let client: String
        let userAgent: String?
        let requestId: String
        let traceId: String?
    }

    func request(_ line: Line) {
        guard enabled else { return }
        write(line)
    }

    /// A service event (listening, theme reload, drain, stop); always written, with
    /// `ts` and `level` (`info` unless the fields give one). Numbers stay numbers.
    package func event(_ fields: [String: LogValue]) {
        var fields = fields
        fields["ts"] = .string(Timestamp.rfc3339(Date()))
        if fields["level"] == nil { fields["level"] = "info" }
        write(fields)
    }

    /// The level of a request's line: `error` for 5xx, `warn` for 429, else `info`.
    static func level(status: Int) -> String {
        status >= 500 ? "error" : status == 429 ? "warn" : "info"
    }

    private func write(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(value) else { return }
        data.append(0x0a)
        lock.withLock { _ in
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Foundation.write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                    if written <= 0 { if errno == EINTR { continue } else { return } }
                    offset += written
                }
            }
        }
    }

    /// The path and query as logged: `sig` left out, so logs never hold signatures.
    static func loggedPath(_ target: String) -> String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        let path = target[..<mark]
        // By its decoded name: `%73ig=` is `sig` too (the service decodes names before reading them).
        let kept = target[target.index(after: mark)...].split(separator: "&").filter { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return (PercentEncoding.decodeBytes(name).map { String(decoding: $0, as: UTF8.self) } ?? String(name)) != "sig"
        }
        return kept.isEmpty ? String(path) : path + "?" + kept.joined(separator: "&")
    }
}

/// One value of a service event: written as a JSON string, number or boolean.
package enum LogValue: Sendable, Hashable, Encodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number with a fraction (seconds).
    case double(Double)
    /// True or false.
    case bool(Bool)

    /// A string literal.
    package init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    package init(integerLiteral value: Int) { self = .int(value) }
    /// A float literal.
    package init(floatLiteral value: Double) { self = .double(value) }
    /// A boolean literal.
    package init(booleanLiteral value: Bool) { self = .bool(value) }

    /// Writes the bare value.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        }
    }
}

/// Times as logs write them.
enum Timestamp {
    /// RFC 3339 in UTC with milliseconds: `2025-05-20T08:30:00.123Z`.
    static func rfc3339(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = time_t(seconds.rounded(.down))
        let milliseconds = min(999, Int(((seconds - Double(whole)) * 1000).rounded(.down)))
        var parts = tm()
        gmtime_r(&whole, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }
}
