import NMTIDomain

/// A request's query as decoded name–value pairs, in the order given.
///
/// Every query the service reads goes through here first, so the rules hold on every
/// endpoint alike: percent escapes are decoded strictly in names and values (a broken
/// escape or invalid UTF-8 is an error), `+` stays a plus sign (as in the app's links),
/// every `&` separates two items (an empty item is an error), and **no name appears
/// twice**: a repeated parameter would let two readers (or a signature and a reader)
/// take different values, so it is refused before anything reads or verifies the query.
///
/// Errors never quote the query. They name the parameter (in `path`) when it is one the
/// service reads (`QueryItems.namedParameters`); any other name is the requester's
/// text and is described by its position instead.
package struct QueryItems: Sendable, Hashable {
    /// The decoded pairs; no two have the same name when read from a request.
    package let items: [Pair]

    /// One decoded `name=value` pair.
    package struct Pair: Sendable, Hashable {
        /// The decoded name.
        package let name: String
        /// The decoded value.
        package let value: String
    }

    /// Decodes a raw query (the part after `?`).
    package init(raw: Substring) throws(ServiceError) {
        var pairs: [Pair] = []
        var seen = Set<String>()
        let parts = raw.isEmpty ? [] : raw.split(separator: "&", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let position = "query item \(index + 1)"
            guard !part.isEmpty else { throw Self.refusal(nil, "\(position) is empty (a stray '&')") }
            let equals = part.firstIndex(of: "=") ?? part.endIndex
            guard equals > part.startIndex else { throw Self.refusal(nil, "\(position) has no name") }
            guard let name = Self.decode(part[..<equals]) else {
                throw Self.refusal(nil, "\(position) has a name that is not valid percent-encoded UTF-8")
            }
            let known = Self.namedParameters.contains(name) ? name : nil
            let subject = known ?? "\(position) (a parameter this service does not take)"
            guard equals < part.endIndex else { throw Self.refusal(known, "\(subject): has no '=value'") }
            guard let value = Self.decode(part[part.index(after: equals)...]) else {
                throw Self.refusal(known, "\(subject): the value is not valid percent-encoded UTF-8")
            }
            guard seen.insert(name).inserted else {
                throw Self.refusal(known, "\(subject): given more than once; a parameter may appear once")
            }
            pairs.append(Pair(name: name, value: value))
        }
        items = pairs
    }

    /// The value of `name`; nil when absent.
    package func value(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Percent-decodes one name or value; nil for a broken escape or bytes that are not UTF-8.
    static func decode(_ text: Substring) -> String? {
        PercentEncoding.decodeBytes(text).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Strict RFC 3986 encoding: everything but `A–Z a–z 0–9 - . _ ~` as `%XX`.
    package static func encode(_ text: String) -> String {
        PercentEncoding.encode(text)
    }

    /// Every name some endpoint reads: the only names an error may repeat.
    static let namedParameters: Set<String> = Set(SimpleURLResult.fields.map(\.parameter))
        .union(SimpleURLResult.serviceParameters).union(["theme", "ls", "d"]).union(PosterService.linkParameters)

    private static func refusal(_ parameter: String?, _ message: String) -> ServiceError {
        ServiceError(400, "bad-query", path: parameter, message)
    }
}
