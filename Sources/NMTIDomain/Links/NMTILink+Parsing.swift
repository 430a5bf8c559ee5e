extension NMTILink {
    /// Parses an invite or reply link; codes may be canonical or aliases and are
    /// normalised. A missing `pack` means workplace; unknown parameters are ignored.
    public init(parsing link: String) throws(LinkError) {
        func fail(_ reason: LinkError.Reason) -> LinkError { LinkError(reason: reason, link: link) }
        let prefix = "\(Self.scheme)://"
        guard link.lowercased().hasPrefix(prefix) else { throw fail(.notNMTIScheme) }
        let rest = link.dropFirst(prefix.count)
        let kind: Substring
        let query: Substring
        if let mark = rest.firstIndex(of: "?") {
            kind = rest[..<mark]
            query = rest[rest.index(after: mark)...]
        } else {
            kind = rest
            query = ""
        }
        var values: [String: String] = [:]
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[0].isEmpty else { throw fail(.malformedQuery(String(item))) }
            let name = String(pair[0])
            guard values[name] == nil else { throw fail(.duplicateParameter(name)) }
            guard let value = PercentEncoding.decode(pair[1]) else { throw fail(.badPercentEncoding(name)) }
            values[name] = value
        }
        func code(_ name: String) throws(LinkError) -> PersonalityCode {
            guard let raw = values[name] else { throw fail(.missingParameter(name)) }
            guard let personality = Personality.find(raw) else {
                throw fail(.unknownCode(parameter: name, value: raw))
            }
            return personality.code
        }
        var pack = QuizPack.workplace
        if let raw = values["pack"] {
            guard let known = QuizPack(rawValue: raw) else { throw fail(.unknownPack(raw)) }
            pack = known
        }
        let nickname = values["nickname"].flatMap { $0.isEmpty ? nil : $0 }
        switch kind.lowercased() {
        case "invite":
            self = .invite(pack: pack, from: try code("from"), nickname: nickname)
        case "reply":
            self = .reply(pack: pack, from: try code("from"), to: try code("to"), nickname: nickname)
        default:
            throw fail(.unknownKind(String(kind)))
        }
    }
}

/// Strict RFC 3986 percent-encoding of UTF-8 query values.
enum PercentEncoding {
    /// Encodes everything but the unreserved characters, so `&`, `=`, `+`, `%`
    /// and spaces can never be mistaken for query syntax.
    static func encode(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// Decodes `%XX` sequences; returns nil for a broken escape or invalid UTF-8.
    /// A `+` stays a plus sign: links never use it for spaces.
    static func decode(_ value: Substring) -> String? {
        var bytes: [UInt8] = []
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
