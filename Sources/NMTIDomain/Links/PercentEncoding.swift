/// Strict RFC 3986 percent-encoding of UTF-8 query values: the one implementation
/// the links and the service's query parser share.
package enum PercentEncoding {
    /// Encodes everything but the unreserved characters (`A–Z a–z 0–9 - . _ ~`), so
    /// `&`, `=`, `+`, `%` and spaces can never be mistaken for query syntax.
    package static func encode(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` sequences; returns nil for a broken escape or invalid UTF-8.
    /// A `+` stays a plus sign: links never use it for spaces.
    package static func decode(_ value: Substring) -> String? {
        decodeBytes(value).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// The bytes `%XX` sequences stand for, not yet read as UTF-8; nil for a broken
    /// escape (a `%` not followed by two hex digits).
    package static func decodeBytes(_ value: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        var iterator = value.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
