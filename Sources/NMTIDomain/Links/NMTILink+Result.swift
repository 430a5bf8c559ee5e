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
        let sender = LinkPerson(scores: result.scores, nickname: result.nickname)
        guard let fromCode = result.fromCode else {
            self = .invite(pack: result.pack, sender: sender)
            return
        }
        let inviter = result.fromScores.map { LinkPerson(scores: $0, nickname: result.fromNickname) }
            ?? LinkPerson(code: fromCode, nickname: result.fromNickname)
        self = .reply(pack: result.pack, sender: sender, inviter: inviter)
    }

    /// The invite an invited result's inviter would send a third person: the
    /// inviter's own invite, with their scores when known; nil unless invited.
    public static func inviterInvite(of result: QuizResult) -> NMTILink? {
        guard let fromCode = result.fromCode else { return nil }
        let inviter = result.fromScores.map { LinkPerson(scores: $0, nickname: result.fromNickname) }
            ?? LinkPerson(code: fromCode, nickname: result.fromNickname)
        return .invite(pack: result.pack, sender: inviter)
    }
}
