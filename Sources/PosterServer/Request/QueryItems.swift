import NMTIDomain

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
        guard let bytes = PercentEncoding.decodeBytes(text) else {
            throw ServiceError(400, "bad-query", "query item '\(item)' has a broken percent escape")
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw ServiceError(400, "bad-query", "query item '\(item)' does not decode to UTF-8 text")
        }
        return decoded
    }

    /// Strict RFC 3986 encoding: everything but `A–Z a–z 0–9 - . _ ~` as `%XX`.
    public static func encode(_ text: String) -> String {
        PercentEncoding.encode(text)
    }
}
