import NMTIDomain
import PosterHashing

/// Signs and verifies NMTI links: `sig` is the first 16 bytes of
/// HMAC-SHA256(key, `NMTILink.canonicalText`), base64url without padding (22
/// characters). The canonical text covers the kind, pack, codes, scores and
/// nicknames, but not the form or base, so a signature verifies in either form.
///
/// Several keys may be active: the first signs, any verifies, and every key is
/// tried in constant time, so keys can rotate without breaking printed posters.
public struct LinkSigner: Sendable {
    private let keys: [HMACSHA256]

    /// How many bytes of the HMAC a link carries: 128 bits, as RFC 2104 allows,
    /// keeps the QR code small and forging still needs 2^128 guesses.
    public static let signatureBytes = 16

    /// A signer over raw keys, the first one used for signing; keys shorter than
    /// `SigningKeys.minimumBytes` are refused.
    public init(keys: [[UInt8]]) throws(SigningKeyError) {
        guard !keys.isEmpty else { throw SigningKeyError(file: "", line: nil, reason: "no signing key given") }
        if let short = keys.firstIndex(where: { $0.count < SigningKeys.minimumBytes }) {
            throw SigningKeyError(file: "", line: short + 1, reason: "a signing key must be at least \(SigningKeys.minimumBytes) bytes")
        }
        self.keys = keys.map { HMACSHA256(key: $0) }
    }

    /// A signer over the keys of a key file (`SigningKeys.read(file:)`).
    public init(keyFile path: String) throws(SigningKeyError) {
        try self.init(keys: SigningKeys.read(file: path))
    }

    /// The `sig` value for a link, with the first (newest) key.
    public func signature(for link: NMTILink) -> String {
        Self.base64url(code(keys[0], link))
    }

    /// A short identifier of the signing key, which says nothing about the key: the
    /// first 8 bytes, in hex, of the key's HMAC of a fixed text.
    public var keyIdentifier: String {
        keys[0].authenticationCode(Array("nmti-link-key-id".utf8)).prefix(8).map {
            String($0 >> 4, radix: 16) + String($0 & 0xF, radix: 16)
        }.joined()
    }

    /// Whether `parsed` carries a valid signature under any active key.
    public func verifies(_ parsed: ParsedLink) -> Bool {
        // Only the canonical spelling: the 22nd character's spare bits must be zero, so
        // one link has one signed form (not 16 that verify alike).
        guard let signature = parsed.signature, let given = Self.decodeBase64url(signature),
              given.count == Self.signatureBytes, Self.base64url(given) == signature else { return false }
        var matched = false
        for key in keys {
            matched = HMACSHA256.constantTimeEqual(code(key, parsed.link), given) || matched
        }
        return matched
    }

    private func code(_ key: HMACSHA256, _ link: NMTILink) -> [UInt8] {
        Array(key.authenticationCode(Array(link.canonicalText.utf8)).prefix(Self.signatureBytes))
    }

    /// base64url without padding (RFC 4648 §5).
    package static func base64url(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
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

    /// The bytes of unpadded base64url text of at most 88 characters, or nil.
    package static func decodeBase64url(_ text: String) -> [UInt8]? {
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
}
