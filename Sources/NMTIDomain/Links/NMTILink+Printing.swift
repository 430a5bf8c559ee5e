extension NMTILink {
    /// The link in the app scheme, unsigned.
    public var url: String { url(form: .scheme) }

    /// The link written in a form, with a signature (`sig`) appended when given. The
    /// compact form carries the signature's first 80 bits (`compactURL(base:signature:)`)
    /// and falls back to the long web form for a link it cannot hold.
    public func url(form: LinkForm, signature: String? = nil) -> String {
        var items: [(String, String)]
        let prefix: String
        switch form {
        case .compact(let base):
            return compactURL(base: base, signature: signature) ?? url(form: .web(base), signature: signature)
        case .scheme:
            items = schemeItems
            prefix = "\(Self.scheme)://\(kindName)?"
        case .web(let base):
            items = webItems
            prefix = "\(base.text)\(webPath)?"
        }
        if let signature { items.append(("sig", signature)) }
        return prefix + Self.query(items)
    }

    /// The text a signature covers: the kind and the web form's query, without the
    /// base and without `sig`. It is the same for both forms and any base, so one
    /// signature verifies wherever the link is written.
    public var canonicalText: String { "nmti-link-1 \(webPath)?" + Self.query(webItems) }

    /// The web form's path under the base: `i` for an invite, `r` for a reply.
    public var webPath: String {
        switch self {
        case .invite: "i"
        case .reply: "r"
        }
    }

    /// The scheme form's items: the long names the app has always read, with
    /// scores and the inviter's details added after them.
    var schemeItems: [(String, String)] {
        var items: [(String, String)] = [("pack", pack.rawValue), ("from", sender.code.rawValue)]
        if let scores = sender.scores { items.append(("scores", Self.scoresText(scores))) }
        switch self {
        case .invite:
            if let nickname = sender.nickname { items.append(("nickname", nickname)) }
        case .reply(_, _, let inviter):
            items.append(("to", inviter.code.rawValue))
            if let scores = inviter.scores { items.append(("toScores", Self.scoresText(scores))) }
            if let nickname = sender.nickname { items.append(("nickname", nickname)) }
            if let nickname = inviter.nickname { items.append(("toNickname", nickname)) }
        }
        return items
    }

    /// The web form's items, as short as the fields allow: a code only when there
    /// are no scores (scores decide the code), the pack only when it is not workplace.
    var webItems: [(String, String)] {
        var items = Self.personItems(sender, code: "t", scores: "v")
        if case .reply(_, _, let inviter) = self { items += Self.personItems(inviter, code: "it", scores: "iv") }
        if pack != .workplace { items.append(("p", Self.webPackLetter(pack))) }
        if let nickname = sender.nickname { items.append(("n", nickname)) }
        if case .reply(_, _, let inviter) = self, let nickname = inviter.nickname { items.append(("in", nickname)) }
        return items
    }

    private static func personItems(_ person: LinkPerson, code: String, scores: String) -> [(String, String)] {
        if let values = person.scores { return [(scores, scoresText(values))] }
        return [(code, person.code.rawValue)]
    }

    /// Scores as links write them: C, S, E and A joined by `.`, such as `6.-3.2.-5`.
    static func scoresText(_ scores: DimensionScores) -> String {
        "\(scores.c).\(scores.s).\(scores.e).\(scores.a)"
    }

    /// The one-letter pack the web form writes: `w` (workplace) or `s` (student).
    static func webPackLetter(_ pack: QuizPack) -> String {
        switch pack {
        case .workplace: "w"
        case .student: "s"
        }
    }

    static func query(_ items: [(String, String)]) -> String {
        items.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    }
}
