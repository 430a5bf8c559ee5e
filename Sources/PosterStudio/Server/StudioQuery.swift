/// The query of a studio request, read strictly: `name=value` items joined by `&`,
/// percent-decoded as UTF-8 (`+` is a plus sign, as `encodeURIComponent` writes it),
/// each name known and given once.
enum StudioQuery {
    /// The most items a query may have.
    static let maximumItems = 16

    /// The items of `query`, by name; refused when an item is malformed, unknown or repeated.
    static func parse(_ query: Substring, allowed: Set<String>) throws(StudioRequestError) -> [String: String] {
        var items: [String: String] = [:]
        guard !query.isEmpty else { return items }
        let parts = query.split(separator: "&", omittingEmptySubsequences: false)
        guard parts.count <= maximumItems else { throw StudioRequestError(400, nil, "at most \(maximumItems) query items") }
        for (index, part) in parts.enumerated() {
            guard let equals = part.firstIndex(of: "=") else { throw StudioRequestError(400, nil, "query item \(index + 1) has no '='") }
            guard let name = decode(part[..<equals]), allowed.contains(name) else {
                throw StudioRequestError(400, nil, "query item \(index + 1) is not a parameter the studio reads")
            }
            guard let value = decode(part[part.index(after: equals)...]) else {
                throw StudioRequestError(400, name, "the value is not valid percent-encoded UTF-8")
            }
            guard items[name] == nil else { throw StudioRequestError(400, name, "given more than once") }
            items[name] = value
        }
        return items
    }

    /// `text` with its `%XX` escapes decoded; nil for a broken escape or bytes that are not UTF-8.
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
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
