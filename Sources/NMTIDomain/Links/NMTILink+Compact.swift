/// The compact form, `<base>I/<payload>` and `<base>R/<payload>`: the link's
/// value as bits in base32hex, for QR codes. Every character after the base is a
/// QR alphanumeric-mode character, so a QR encoder stores it in 5.5 bits instead
/// of 8, and a Chinese character costs 16 bits instead of 9 percent-encoded bytes
/// (docs/links.md, "The compact form").
extension NMTILink {
    /// The scores the compact form can carry (5 bits each); a link with any other
    /// score is printed in the long web form instead.
    public static let compactScores = -16...15

    /// The bytes of the HMAC the compact form carries as its tag (80 bits); the long
    /// form accepts a tag of this length too (14 base64url characters).
    public static let compactTagBytes = 10

    /// The compact form's path under the base: `I` for an invite, `R` for a reply.
    public var compactPath: String {
        switch self {
        case .invite: "I"
        case .reply: "R"
        }
    }

    /// The link in the compact form under `base`, its tag the first 80 bits of
    /// `signature` (a canonical 14- or 22-character base64url `sig`); nil when a value
    /// cannot be written compactly (a score outside `compactScores`) or the signature
    /// is not such a tag.
    public func compactURL(base: LinkBase, signature: String? = nil) -> String? {
        var tag: [UInt8]?
        if let signature {
            guard let bytes = Base64URL.canonical(signature), bytes.count == Self.compactTagBytes || bytes.count == 16 else { return nil }
            tag = Array(bytes.prefix(Self.compactTagBytes))
        }
        guard let payload = CompactPayload(self, tag: tag) else { return nil }
        return "\(base.text)\(compactPath)/\(payload.text)"
    }
}

extension ParsedLink {
    /// The parts of a compact link's text before any `?` or `#`: the base (up to and
    /// including the `/` before `I` or `R`), whether it is a reply, and the payload;
    /// nil when the last path segment is `i` or `r` (the long web form) or the one
    /// before it is not `I` or `R`.
    static func compactParts(_ head: Substring) -> (base: Substring, isReply: Bool, payload: Substring)? {
        guard let afterScheme = head.range(of: "://")?.upperBound, let slash = head.lastIndex(of: "/"), slash > afterScheme else {
            return nil
        }
        let payload = head[head.index(after: slash)...]
        guard payload != "i", payload != "r" else { return nil }
        let before = head[..<slash]
        guard let kindSlash = before.lastIndex(of: "/"), kindSlash >= afterScheme else { return nil }
        let kind = before[before.index(after: kindSlash)...]
        guard kind == "I" || kind == "R" else { return nil }
        return (head[...kindSlash], kind == "R", payload)
    }

    /// Reads a compact link: its payload, then the long form's nickname rules (control
    /// characters refused, bidi controls dropped, 24 characters and 96 bytes), naming
    /// the web form's parameters (`n`, `in`) as the long form does.
    init(compact parts: (base: Substring, isReply: Bool, payload: Substring), text: String) throws(LinkError) {
        func fail(_ reason: LinkError.Reason) -> LinkError { LinkError(reason: reason, link: text) }
        let base: LinkBase
        do {
            base = try LinkBase(String(parts.base))
        } catch {
            throw fail(.badBase(error.reason))
        }
        let payload: CompactPayload
        do throws(CompactPayloadProblem) {
            payload = try CompactPayload(reading: parts.payload, isReply: parts.isReply)
        } catch {
            throw fail(.badCompactPayload(error))
        }
        func person(_ person: CompactPayload.Person, parameter: String) throws(LinkError) -> LinkPerson {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: person.nickname)
            let nickname = try LinkReader.nickname(String(scalars), parameter: parameter, link: text)
            return person.scores.map { LinkPerson(scores: $0, nickname: nickname) } ?? LinkPerson(code: person.code, nickname: nickname)
        }
        let sender = try person(payload.sender, parameter: ParameterNames.web.sender.nickname)
        if let inviter = payload.inviter {
            link = .reply(pack: payload.pack, sender: sender, inviter: try person(inviter, parameter: ParameterNames.web.inviter.nickname))
        } else {
            link = .invite(pack: payload.pack, sender: sender)
        }
        form = .compact(base)
        signature = payload.tag.map(Base64URL.encode)
    }
}
