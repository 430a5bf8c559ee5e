/// A request's query as decoded name–value pairs, in the order given.
///
/// Percent escapes are decoded strictly (a broken escape or invalid UTF-8 is an
/// error) and `+` stays a plus sign, as in the app's `nmti://` links.
public struct QueryItems: Sendable, Hashable {
    /// The decoded pairs.
    public let items: [Pair]

    /// One decoded `name=value` pair.
    public struct Pair: Sendable, Hashable {
        /// The decoded name.
        public let name: String
        /// The decoded value.
        public let value: String
    }

    /// Decodes a raw query (the part after `?`).
    public init(raw: Substring) throws(ServiceError) {
        var pairs: [Pair] = []
        for part in raw.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = part.firstIndex(of: "=") else {
                throw ServiceError(400, "bad-query", path: String(part), "query item '\(part)' has no '=value'")
            }
            let name = try Self.decode(part[..<equals], item: part)
            let value = try Self.decode(part[part.index(after: equals)...], item: part)
            guard !name.isEmpty else { throw ServiceError(400, "bad-query", "query item '\(part)' has no name") }
            pairs.append(Pair(name: name, value: value))
        }
        items = pairs
    }

    /// The value of `name`; nil when absent.
    public func value(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Percent-decodes one name or value.
    static func decode(_ text: Substring, item: Substring) throws(ServiceError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw ServiceError(400, "bad-query", "query item '\(item)' has a broken percent escape")
            }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw ServiceError(400, "bad-query", "query item '\(item)' does not decode to UTF-8 text")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Strict RFC 3986 encoding: everything but `A–Z a–z 0–9 - . _ ~` as `%XX`.
    public static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
