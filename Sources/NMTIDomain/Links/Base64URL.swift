/// base64url without padding (RFC 4648 §5), the spelling of link signatures: the
/// long form's `sig` parameter, and the compact form's tag when `resolve` writes a
/// compact link in the long form.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The unpadded base64url text of `bytes`.
    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for byte in chunk { value = value << 8 | Int(byte) }
            value <<= 8 * (3 - chunk.count)
            for position in 0...chunk.count { out.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of unpadded base64url text of at most 88 characters, or nil. Spare
    /// low bits of the last character are ignored here; `canonical(_:)` refuses them.
    package static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.count <= 88 else { return nil }
        var bits = 0
        var count = 0
        var out: [UInt8] = []
        for byte in text.utf8 {
            let value: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte) - 65
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte) - 97 + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte) - 48 + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            bits = bits << 6 | value
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8((bits >> count) & 0xFF))
                bits &= (1 << count) - 1
            }
        }
        return out
    }

    /// The bytes of `text` when it is the one canonical spelling of them (spare bits
    /// zero, no stray character), else nil.
    package static func canonical(_ text: String) -> [UInt8]? {
        guard let bytes = decode(text), encode(bytes) == text else { return nil }
        return bytes
    }
}
