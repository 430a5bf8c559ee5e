import NMTIDomain
import PosterHashing

/// Signs and verifies NMTI links: `sig` is the first 16 bytes of
/// HMAC-SHA256(key, `NMTILink.canonicalText`), base64url without padding (22
/// characters); the compact form carries its first 10 bytes. The canonical text
/// covers the kind, pack, codes, scores and nicknames, but not the form or base, so
/// a signature verifies in every form.
///
/// Several keys may be active: the first signs, any verifies, and every key is
/// tried in constant time, so keys can rotate without breaking printed posters.
public struct LinkSigner: Sendable {
    private let keys: [HMACSHA256]

    /// How many bytes of the HMAC the long form's `sig` carries: 128 bits, as RFC 2104
    /// allows, keeps the QR code small and forging still needs 2^128 guesses.
    public static let signatureBytes = 16

    /// How many bytes of the HMAC the compact form's tag carries: 80 bits, RFC 2104's
    /// floor, because a tag can only be checked online, one request per guess
    /// (docs/links.md, "Why 80 bits"). The long form accepts such a tag too (14 characters).
    public static let compactSignatureBytes = NMTILink.compactTagBytes

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
    /// A signature is 128 bits (22 characters, what `signature(for:)` makes) or 80 bits
    /// (14 characters, a compact link's tag, in either form): a prefix of the same HMAC.
    public func verifies(_ parsed: ParsedLink) -> Bool {
        // Only the canonical spelling: the last character's spare bits must be zero, so
        // one link has one signed form of each length (not 16 that verify alike).
        guard let signature = parsed.signature, let given = Base64URL.canonical(signature),
              given.count == Self.signatureBytes || given.count == Self.compactSignatureBytes else { return false }
        var matched = false
        for key in keys {
            matched = HMACSHA256.constantTimeEqual(code(key, parsed.link, bytes: given.count), given) || matched
        }
        return matched
    }

    private func code(_ key: HMACSHA256, _ link: NMTILink, bytes: Int = signatureBytes) -> [UInt8] {
        Array(key.authenticationCode(Array(link.canonicalText.utf8)).prefix(bytes))
    }

    /// base64url without padding (RFC 4648 §5).
    package static func base64url(_ bytes: [UInt8]) -> String { Base64URL.encode(bytes) }

    /// The bytes of unpadded base64url text of at most 88 characters, or nil.
    package static func decodeBase64url(_ text: String) -> [UInt8]? { Base64URL.decode(text) }
}
