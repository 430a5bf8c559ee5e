/// How the gate tells libmicrohttpd (and so the handler) that it refused a request:
/// a request, or a chunked body's trailer, carrying the field `X-NMTI-Gate` with a
/// secret made at start-up and the violation. The gate drops that field from every
/// client head and every client trailer, and the secret makes a forged one useless.
struct HTTPGateMarker: Sendable {
    /// The field's name.
    static let field = "X-NMTI-Gate"
    /// The field that carries a request's query past libmicrohttpd (see `requestLine`).
    static let queryField = "X-NMTI-Query"

    /// The start of a head as libmicrohttpd is given it: the request line with the path
    /// alone, and the query (if the target had a `?`) in `X-NMTI-Query`. libmicrohttpd
    /// splits a query into items in the connection's memory pool, about 56 bytes each
    /// besides their text, so an 8 KiB query of empty items needed a 512 KiB pool, which
    /// it clears on every request; the handler reads the raw query anyway.
    static func requestLine(method: String, target: String, version: String) -> String {
        guard let mark = target.firstIndex(of: "?") else { return "\(method) \(target) \(version)\r\n" }
        return "\(method) \(target[..<mark]) \(version)\r\n\(queryField): \(target[target.index(after: mark)...])\r\n"
    }

    /// 128 random bits, in hex.
    let secret: String

    init() {
        var generator = SystemRandomNumberGenerator()
        secret = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    /// A request in place of a refused one: its method and target when they were
    /// readable (so the log names them, and a HEAD gets no body), `Connection: close`.
    func request(_ violation: HTTPRequestViolation, line: HTTPRequestLine?) -> [UInt8] {
        let start = Self.requestLine(method: line?.method ?? "GET", target: line?.target ?? "/", version: "HTTP/1.1")
        let readable = line == nil ? "unreadable" : "readable"
        return Array("\(start)Host: gate.invalid\r\nConnection: close\r\n\(Self.field): \(secret) \(readable) \(violation.gateText)\r\n\r\n".utf8)
    }

    /// The end of a chunked body refused part way: the last chunk, and the mark in its trailer.
    func trailer(_ violation: HTTPRequestViolation) -> [UInt8] {
        Array("0\r\n\(Self.field): \(secret) readable \(violation.gateText)\r\n\r\n".utf8)
    }

    /// The violation a marker field's value carries, and whether the request line was
    /// readable; nil when the value does not carry this gate's secret.
    func read(_ value: String) -> (violation: HTTPRequestViolation, lineReadable: Bool)? {
        let parts = value.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3, parts[0] == secret, let violation = HTTPRequestViolation(gateText: parts[2]) else { return nil }
        return (violation, parts[1] == "readable")
    }
}
