import Foundation
import PosterKit
import PosterHashing
import PosterLinks

/// Signed URLs: `sig` is HMAC-SHA256 over the canonical path and query, base64url
/// without padding. Several keys may be active at once so keys can rotate: sign with
/// the newest, accept any. Signatures are compared in constant time.
///
/// The canonical form: the path, then `?` and every query item but `sig`, each name
/// and value percent-decoded and re-encoded strictly (RFC 3986 unreserved characters
/// only), sorted by name, joined with `&` (no `?` when there are none). A POST signs
/// the same text plus a line break and the body's lowercase hex SHA-256.
///
/// One canonical text is one request: a query read from a request never repeats a
/// name (`QueryItems(raw:)` refuses it before any signature is checked), so sorting by
/// name loses nothing but the order of different parameters, which means nothing.
/// Repeated names, possible only in `QueryItems(pairs:)`, keep their given order, so
/// two orders of one name's values never share a signature. (Sorting values as well
/// used to let a signed `theme=classic&theme=neon` verify as `theme=neon&theme=classic`.)
/// For distinct names the text is what it always was, so URLs signed before still verify.
public struct URLSigner: Sendable {
    private let keys: [HMACSHA256]

    /// The shortest key accepted, in bytes.
    public static let minimumKeyBytes = SigningKeys.minimumBytes

    /// A signer over keys (raw bytes), the first one used for signing.
    public init(keys: [[UInt8]]) {
        self.keys = keys.map { HMACSHA256(key: $0) }
    }

    /// The keys in a key file: one per line, blank lines and `#` comments skipped,
    /// each line's text (trimmed) used as the key's bytes.
    public static func keys(inFile path: String) throws(ServiceSetupError) -> [[UInt8]] {
        do throws(SigningKeyError) {
            return try SigningKeys.read(file: path)
        } catch {
            let unreadable = !FileManager.default.isReadableFile(atPath: path)
            throw ServiceSetupError(unreadable ? .noInput : .badInput, error.description)
        }
    }

    /// The text that is signed for a path and query items.
    package static func canonical(path: String, query: QueryItems) -> String {
        var pairs: [(name: String, value: String, index: Int)] = []
        for (index, item) in query.items.enumerated() where item.name != "sig" {
            pairs.append((QueryItems.encode(item.name), QueryItems.encode(item.value), index))
        }
        pairs.sort { left, right in left.name == right.name ? left.index < right.index : left.name < right.name }
        let items: [String] = pairs.map { pair in pair.name + "=" + pair.value }
        return items.isEmpty ? path : path + "?" + items.joined(separator: "&")
    }

    /// The `sig` value for a canonical text, with the first (newest) key.
    public func signature(forCanonical text: String) -> String {
        guard let key = keys.first else { return "" }
        return Self.base64url(key.authenticationCode(Array(text.utf8)))
    }

    /// A path and query with its `sig` appended, ready to request.
    public func signedTarget(path: String, query: [(String, String)]) -> String {
        let items = QueryItems(pairs: query)
        let sig = signature(forCanonical: Self.canonical(path: path, query: items))
        let encoded = query.map { "\(QueryItems.encode($0.0))=\(QueryItems.encode($0.1))" } + ["sig=\(sig)"]
        return path + "?" + encoded.joined(separator: "&")
    }

    /// Whether `sig` is a valid signature of `text` under any active key. Every key is
    /// tried and every comparison takes the same time, whether or not one matched.
    public func verify(_ sig: String, canonical text: String) -> Bool {
        guard let given = Self.decodeBase64url(sig), Self.base64url(given) == sig else { return false }
        var matched = false
        for key in keys {
            matched = HMACSHA256.constantTimeEqual(key.authenticationCode(Array(text.utf8)), given) || matched
        }
        return matched
    }

    /// base64url without padding: the one encoder links and URLs share (`LinkSigner`).
    static func base64url(_ bytes: [UInt8]) -> String { LinkSigner.base64url(bytes) }

    static func decodeBase64url(_ text: String) -> [UInt8]? { LinkSigner.decodeBase64url(text) }
}

extension QueryItems {
    /// Query items from already-decoded pairs.
    package init(pairs: [(String, String)]) {
        items = pairs.map { Pair(name: $0.0, value: $0.1) }
    }
}
