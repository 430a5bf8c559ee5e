@testable import PosterHTTP

/// One request as the gate handed it to libmicrohttpd, read back from the forwarded
/// bytes by a strict reader of the canonical form (`HTTPRequestHead.canonicalBytes`,
/// the gate's re-chunking): what the library would pass on to the handler.
struct ForwardedRequest: Equatable {
    var method: String
    /// The path from the request line (the query travels in `X-NMTI-Query`).
    var path: String
    var version: String
    /// The header fields in order, as the library would list them.
    var fields: [Field]
    var body: [UInt8] = []
    /// The fields of a chunked body's trailer (only ever the gate's mark).
    var trailer: [Field] = []

    struct Field: Equatable {
        var name: String
        var value: String
    }

    func values(_ name: String) -> [String] {
        fields.filter { HTTPToken.equalsIgnoringCase($0.name.utf8, name.utf8) }.map(\.value)
    }
}

/// Reads the forwarded bytes back. Anything that is not the canonical form stops the
/// process: libmicrohttpd reads some framing its own way, so the gate must never hand
/// it bytes that leave room for a second reading.
struct ForwardedReader {
    private let bytes: [UInt8]
    private var index = 0

    /// The whole requests in `bytes`, and whether a last one was cut off (its body
    /// not yet all sent; its head is complete, the gate forwards only whole heads).
    static func read(_ bytes: [UInt8]) -> (requests: [ForwardedRequest], cutOff: Bool) {
        var reader = ForwardedReader(bytes: bytes)
        var requests: [ForwardedRequest] = []
        while reader.index < bytes.count {
            guard let request = reader.request() else { return (requests, true) }
            requests.append(request)
        }
        return (requests, false)
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ what: String) -> Never {
        let shown = String(decoding: bytes.prefix(2_000), as: UTF8.self)
        preconditionFailure("the gate forwarded a non-canonical request (\(what)) at byte \(index): \(shown.debugDescription)")
    }

    /// A line up to CRLF (which must be in `bytes`: heads are forwarded whole); bare CR or LF fail.
    private mutating func line() -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count, bytes[index] != 0x0D, bytes[index] != 0x0A { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == 0x0D, bytes[index + 1] == 0x0A else { fail("a line without CRLF") }
        index += 2
        return bytes[start..<(index - 2)]
    }

    private mutating func field(_ line: ArraySlice<UInt8>) -> ForwardedRequest.Field {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
              line[..<colon].allSatisfy(HTTPToken.isTokenByte) else { fail("a field that is not 'name: value'") }
        let rest = line[(colon + 1)...]
        guard rest.first == UInt8(ascii: " ") else { fail("a field without one space after its colon") }
        let value = rest.dropFirst()
        guard value.allSatisfy(HTTPToken.isFieldValueByte) else { fail("a control character in a field") }
        guard value.first != 0x20, value.first != 0x09, value.last != 0x20, value.last != 0x09 else { fail("whitespace around a value") }
        return .init(name: String(decoding: line[..<colon], as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    private mutating func request() -> ForwardedRequest? {
        let parts = line().split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(HTTPToken.isTokenByte) else { fail("a request line") }
        let path = String(decoding: parts[1], as: UTF8.self)
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { fail("a version") }
        guard path.hasPrefix("/") || path == "*", !path.contains("?"), parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { fail("a target") }
        var request = ForwardedRequest(method: String(decoding: parts[0], as: UTF8.self), path: path, version: version, fields: [])
        while true {
            let text = line()
            if text.isEmpty { break }
            request.fields.append(field(text))
        }
        let lengths = request.values("Content-Length"), codings = request.values("Transfer-Encoding")
        guard lengths.count + codings.count <= 1 else { fail("two framing fields") }
        if let length = lengths.first {
            guard let count = Int(length), count > 0, String(count) == length else { fail("Content-Length '\(length)'") }
            guard index + count <= bytes.count else { return nil }
            request.body = Array(bytes[index..<(index + count)])
            index += count
        } else if let coding = codings.first {
            guard coding == "chunked" else { fail("Transfer-Encoding '\(coding)'") }
            guard chunks(into: &request) else { return nil }
        }
        return request
    }

    /// Canonical chunks: lowercase hex sizes without leading zeros or extensions, the
    /// last chunk `0`, and a trailer of at most the gate's mark. The gate re-chunks what
    /// it has read, so a body still arriving is cut between whole chunks, never inside one.
    private mutating func chunks(into request: inout ForwardedRequest) -> Bool {
        while true {
            if index == bytes.count { return false }
            let text = String(decoding: line(), as: UTF8.self)
            guard let count = Int(text, radix: 16), count >= 0, String(count, radix: 16) == text else { fail("chunk size '\(text)'") }
            if count == 0 { break }
            guard index + count + 2 <= bytes.count else { fail("a chunk cut off") }
            request.body += bytes[index..<(index + count)]
            index += count
            guard bytes[index] == 0x0D, bytes[index + 1] == 0x0A else { fail("chunk data without CRLF") }
            index += 2
        }
        while true {
            let text = line()
            if text.isEmpty { return true }
            request.trailer.append(field(text))
        }
    }
}
