extension NMTILink {
    /// The result a link stands for, as the posters drawn from it bind it.
    ///
    /// An invite is the sender's own result. A reply is the invitee's result taken
    /// from the inviter's invite, so it binds the inviter and the pairing too. A
    /// person without scores is drawn with `DimensionScores.poles(of:)`.
    public var result: QuizResult {
        switch self {
        case .invite(let pack, let sender):
            QuizResult(scores: sender.chartScores, pack: pack, nickname: sender.nickname)
        case .reply(let pack, let sender, let inviter):
            QuizResult(
                scores: sender.chartScores, pack: pack, nickname: sender.nickname,
                fromCode: inviter.code, fromScores: inviter.scores, fromNickname: inviter.nickname)
        }
    }

    /// The link a poster of `result` carries: a reply for an invited result, else an invite.
    public init(carriedBy result: QuizResult) {
        let sender = LinkPerson(scores: result.scores, nickname: LinkPerson.madeNickname(result.nickname))
        guard let fromCode = result.fromCode else {
            self = .invite(pack: result.pack, sender: sender)
            return
        }
        let inviterNickname = LinkPerson.madeNickname(result.fromNickname)
        let inviter = result.fromScores.map { LinkPerson(scores: $0, nickname: inviterNickname) }
            ?? LinkPerson(code: fromCode, nickname: inviterNickname)
        self = .reply(pack: result.pack, sender: sender, inviter: inviter)
    }

    /// The invite an invited result's inviter would send a third person: the
    /// inviter's own invite, with their scores when known; nil unless invited.
    public static func inviterInvite(of result: QuizResult) -> NMTILink? {
        guard let fromCode = result.fromCode else { return nil }
        let nickname = LinkPerson.madeNickname(result.fromNickname)
        let inviter = result.fromScores.map { LinkPerson(scores: $0, nickname: nickname) }
            ?? LinkPerson(code: fromCode, nickname: nickname)
        return .invite(pack: result.pack, sender: inviter)
    }
}

extension LinkPerson {
    /// A nickname as a link made from a result carries it: `linkNickname`, and at most
    /// `NMTILink.maximumNicknameScalars` Unicode scalars. With that cap no nickname costs
    /// more of a compact link than 24 emoji (docs/links.md), so the longest link the QR box
    /// lint checks is the longest the engine makes. Links are read with the older limits,
    /// so every link printed before still parses and verifies.
    public static func madeNickname(_ raw: String?) -> String? {
        guard let nickname = linkNickname(raw) else { return nil }
        guard nickname.unicodeScalars.count > NMTILink.maximumNicknameScalars else { return nickname }
        let kept = String(String.UnicodeScalarView(nickname.unicodeScalars.prefix(NMTILink.maximumNicknameScalars)))
        return kept.isEmpty ? nil : kept
    }
}
