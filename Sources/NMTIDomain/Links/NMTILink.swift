/// A backend-free link carried by a poster's QR code. Two forms carry the same
/// value (docs/links.md):
///
/// - the app scheme, `nmti://invite?pack=workplace&from=PRED&scores=6.-3.2.-5&nickname=小王`;
/// - the web form under a link base, `https://nmti.example/i?v=6.-3.2.-5&n=小王`, which
///   opens the app (universal links, App Links) or else the landing page.
///
/// An `invite` asks a friend to take the quiz; a `reply` is printed on an invited
/// result's poster, so that the inviter can open the comparison from the image alone.
public enum NMTILink: Sendable, Hashable {
    /// An invitation from the person whose result this is.
    case invite(pack: QuizPack, sender: LinkPerson)
    /// An invitee's answer (`sender`) to an invitation from `inviter`.
    case reply(pack: QuizPack, sender: LinkPerson, inviter: LinkPerson)

    /// The app scheme.
    public static let scheme = "nmti"

    /// The most characters of a nickname a link carries: the nickname is a
    /// greeting, and a long one would make the QR code too dense to scan from a photo.
    public static let maximumNicknameLength = 24

    /// The most UTF-8 bytes of a nickname a link carries, so that a link always fits
    /// a QR code (24 emoji family sequences are 24 characters but far more bytes).
    public static let maximumNicknameBytes = 96

    /// The most Unicode scalars of a nickname in a link the engine makes (`LinkPerson.madeNickname`):
    /// scalars outside ASCII and the common ideographs cost a compact link more per byte than emoji.
    public static let maximumNicknameScalars = 24

    /// The longest link text accepted when parsing, in bytes; the longest link the
    /// engine prints (two full nicknames, scores and a signature) is well under it.
    public static let maximumLength = 2048

    /// The pack the link is about.
    public var pack: QuizPack {
        switch self {
        case .invite(let pack, _), .reply(let pack, _, _): pack
        }
    }

    /// The person the link comes from: the inviter of an invite, the invitee of a reply.
    public var sender: LinkPerson {
        switch self {
        case .invite(_, let sender), .reply(_, let sender, _): sender
        }
    }

    /// The link's kind as the app scheme names it: `invite` or `reply`.
    public var kindName: String {
        switch self {
        case .invite: "invite"
        case .reply: "reply"
        }
    }

    /// The link with every nickname removed: what is left to show when a link's
    /// signature does not verify, so that nobody can put words under the product's name.
    public var withoutNicknames: NMTILink {
        switch self {
        case .invite(let pack, let sender):
            .invite(pack: pack, sender: sender.withoutNickname)
        case .reply(let pack, let sender, let inviter):
            .reply(pack: pack, sender: sender.withoutNickname, inviter: inviter.withoutNickname)
        }
    }

    /// Whether any person in the link has a nickname.
    public var hasNicknames: Bool {
        switch self {
        case .invite(_, let sender): sender.nickname != nil
        case .reply(_, let sender, let inviter): sender.nickname != nil || inviter.nickname != nil
        }
    }
}

/// One person a link speaks for: their type and, when the link carries them,
/// their four scores and nickname.
public struct LinkPerson: Sendable, Hashable {
    /// The person's personality code; it agrees with `scores` when both are known.
    public let code: PersonalityCode
    /// The four raw scores, or nil for a link that carries only the code (older links).
    public let scores: DimensionScores?
    /// The nickname, at most `NMTILink.maximumNicknameLength` characters and
    /// `NMTILink.maximumNicknameBytes` bytes; never empty.
    public let nickname: String?

    /// A person known only by code, as older links carry them.
    public init(code: PersonalityCode, nickname: String? = nil) {
        self.code = code
        scores = nil
        self.nickname = Self.linkNickname(nickname)
    }

    /// A person with scores; the code is derived from them.
    public init(scores: DimensionScores, nickname: String? = nil) {
        code = resolvePersonalityCode(from: scores)
        self.scores = scores
        self.nickname = Self.linkNickname(nickname)
    }

    /// The same person without a nickname.
    public var withoutNickname: LinkPerson {
        scores.map { LinkPerson(scores: $0) } ?? LinkPerson(code: code)
    }

    /// The scores to draw for this person: their own, or, for a link without scores,
    /// `DimensionScores.poles(of:)` (each dimension half-way toward its pole).
    public var chartScores: DimensionScores { scores ?? .poles(of: code) }

    /// A nickname as a link carries it: without control and bidi characters
    /// (`QuizResult.shownNickname`), empty is none, and a long one is cut to
    /// `maximumNicknameLength` characters and `maximumNicknameBytes` bytes,
    /// between Unicode scalars.
    public static func linkNickname(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let nickname = QuizResult.shownNickname(raw)
        guard !nickname.isEmpty else { return nil }
        let prefix = nickname.prefix(NMTILink.maximumNicknameLength)
        guard prefix.utf8.count > NMTILink.maximumNicknameBytes else { return String(prefix) }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in prefix.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= NMTILink.maximumNicknameBytes else { break }
            kept.append(scalar)
        }
        return kept.isEmpty ? nil : String(kept)
    }
}

extension DimensionScores {
    /// Scores that stand for a code alone, for links that carry no scores: every
    /// dimension half-way (±6 of ±12) toward the code's pole.
    public static func poles(of code: PersonalityCode) -> DimensionScores {
        func lean(_ dimension: Dimension) -> Int { code.pole(on: dimension).isPositive ? 6 : -6 }
        return DimensionScores(c: lean(.c), s: lean(.s), e: lean(.e), a: lean(.a))
    }
}
