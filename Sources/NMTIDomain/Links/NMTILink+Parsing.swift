/// A link as read from text: its value, the form it was written in and its
/// signature, if it had one. Whether the signature verifies is for a signer to say.
public struct ParsedLink: Sendable, Hashable {
    /// The link's value; the same for both forms.
    public let link: NMTILink
    /// The form it was written in, with its base for the web and compact forms.
    public let form: LinkForm
    /// The `sig` parameter, if present; for the compact form its 80-bit tag, in
    /// base64url (14 characters), as the long form would carry it.
    public let signature: String?

    /// Parses any form: the app scheme, the long web form and the compact form. Codes
    /// may be canonical or aliases and are normalised; a missing pack means workplace;
    /// unknown parameters and a `#fragment` are ignored (a compact link's whole query too).
    public init(parsing text: String) throws(LinkError) {
        func fail(_ reason: LinkError.Reason) -> LinkError { LinkError(reason: reason, link: text) }
        guard text.utf8.count <= NMTILink.maximumLength else { throw fail(.tooLong(text.utf8.count)) }
        let unfragmented = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let (head, query) = Self.splitQuery(unfragmented)
        let lowered = head.lowercased()
        let kind: String
        let names: ParameterNames
        if lowered.hasPrefix("\(NMTILink.scheme)://") {
            kind = String(lowered.dropFirst(NMTILink.scheme.count + 3))
            names = .scheme
            form = .scheme
        } else if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            // The compact form's value is all in its path; a query or fragment is ignored.
            if let compact = Self.compactParts(head) {
                self = try ParsedLink(compact: compact, text: text)
                return
            }
            let slash = head.lastIndex(of: "/") ?? head.endIndex
            let afterScheme = head.range(of: "://")!.upperBound
            guard slash > afterScheme else { throw fail(.unknownKind("")) }
            let raw = head[head.index(after: slash)...]
            kind = raw == "i" ? "invite" : raw == "r" ? "reply" : "web:" + raw
            do {
                form = .web(try LinkBase(String(head[...slash])))
            } catch {
                throw fail(.badBase(error.reason))
            }
            names = .web
        } else {
            throw fail(.notALink)
        }
        // Every `&` separates two items (an empty one is refused), and a name is decoded
        // as strictly as a value, so one parameter has one spelling and one meaning.
        var values: [String: String] = [:]
        for item in query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false) {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[0].isEmpty else { throw fail(.malformedQuery(String(item))) }
            guard let name = PercentEncoding.decode(pair[0]) else { throw fail(.badPercentEncoding(String(pair[0]))) }
            guard values[name] == nil else { throw fail(.duplicateParameter(name)) }
            guard let value = PercentEncoding.decode(pair[1]) else { throw fail(.badPercentEncoding(name)) }
            values[name] = value
        }
        let reader = LinkReader(values: values, link: text)
        let pack = try reader.pack(names.pack)
        switch kind {
        case "invite":
            link = .invite(pack: pack, sender: try reader.person(names.sender))
        case "reply":
            link = .reply(pack: pack, sender: try reader.person(names.sender), inviter: try reader.person(names.inviter))
        default:
            throw fail(.unknownKind(kind.hasPrefix("web:") ? String(kind.dropFirst(4)) : kind))
        }
        signature = values["sig"].flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func splitQuery(_ text: Substring) -> (Substring, Substring) {
        guard let mark = text.firstIndex(of: "?") else { return (text, "") }
        return (text[..<mark], text[text.index(after: mark)...])
    }
}

extension NMTILink {
    /// Parses either form, ignoring any signature; see `ParsedLink(parsing:)`.
    public init(parsing link: String) throws(LinkError) {
        self = try ParsedLink(parsing: link).link
    }
}

/// The parameter names of one form.
struct ParameterNames {
    struct Person {
        let code: String
        let scores: String
        let nickname: String
    }

    let pack: String
    let sender: Person
    let inviter: Person

    static let scheme = ParameterNames(
        pack: "pack", sender: Person(code: "from", scores: "scores", nickname: "nickname"),
        inviter: Person(code: "to", scores: "toScores", nickname: "toNickname"))
    static let web = ParameterNames(
        pack: "p", sender: Person(code: "t", scores: "v", nickname: "n"),
        inviter: Person(code: "it", scores: "iv", nickname: "in"))

    /// Every parameter either form defines, and `sig`: the names a message may repeat.
    static let all: Set<String> = {
        var names: Set<String> = ["sig"]
        for form in [scheme, web] {
            names.insert(form.pack)
            for person in [form.sender, form.inviter] { names.formUnion([person.code, person.scores, person.nickname]) }
        }
        return names
    }()
}

/// Reads typed values out of a link's decoded parameters.
struct LinkReader {
    let values: [String: String]
    let link: String

    private func fail(_ reason: LinkError.Reason) -> LinkError { LinkError(reason: reason, link: link) }

    func pack(_ name: String) throws(LinkError) -> QuizPack {
        guard let raw = values[name] else { return .workplace }
        if let known = QuizPack(rawValue: raw) { return known }
        if name == ParameterNames.web.pack, let known = QuizPack.allCases.first(where: { NMTILink.webPackLetter($0) == raw }) {
            return known
        }
        throw fail(.unknownPack(raw))
    }

    func person(_ names: ParameterNames.Person) throws(LinkError) -> LinkPerson {
        let nickname = try self.nickname(names.nickname)
        let stated: PersonalityCode?
        if let raw = values[names.code] {
            guard let personality = Personality.find(raw) else { throw fail(.unknownCode(parameter: names.code, value: raw)) }
            stated = personality.code
        } else {
            stated = nil
        }
        if let raw = values[names.scores] {
            guard let scores = Self.scores(raw) else { throw fail(.badScores(parameter: names.scores, value: raw)) }
            let person = LinkPerson(scores: scores, nickname: nickname)
            if let stated, stated != person.code {
                throw fail(.scoresDisagree(parameter: names.code, code: stated.rawValue, scores: person.code.rawValue))
            }
            return person
        }
        guard let stated else { throw fail(.missingParameter(names.code)) }
        return LinkPerson(code: stated, nickname: nickname)
    }

    private func nickname(_ name: String) throws(LinkError) -> String? {
        guard let given = values[name] else { return nil }
        return try Self.nickname(given, parameter: name, link: link)
    }

    /// A nickname as read from either form: the same rules for both.
    static func nickname(_ given: String, parameter name: String, link: String) throws(LinkError) -> String? {
        // A control character is refused, as in a result; a link the engine made never holds one.
        if let control = QuizResult.refusedControlCharacter(in: given) {
            throw LinkError(reason: .controlCharacter(parameter: name, character: control), link: link)
        }
        // Bidi controls are dropped as when a link is made; a signature never covers them.
        let raw = QuizResult.withoutBidiControls(given)
        guard !raw.isEmpty else { return nil }
        guard raw.count <= NMTILink.maximumNicknameLength, raw.utf8.count <= NMTILink.maximumNicknameBytes else {
            throw LinkError(reason: .nicknameTooLong(name), link: link)
        }
        return raw
    }

    /// Four integers joined by `.`: an optional `-`, then 1–18 digits each.
    static func scores(_ text: String) -> DimensionScores? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            let digits = part.hasPrefix("-") ? part.dropFirst() : part[...]
            guard (1...18).contains(digits.count), digits.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(part) else {
                return nil
            }
            numbers.append(value)
        }
        return DimensionScores(c: numbers[0], s: numbers[1], e: numbers[2], a: numbers[3])
    }
}
