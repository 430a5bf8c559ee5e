import Testing
@testable import NMTIDomain

@Suite("Links: results")
struct LinkResultTests {
    static let scores = DimensionScores(c: 6, s: -3, e: 2, a: -5)
    static let pred = PersonalityCode("PRED")!
    static let poom = PersonalityCode("POOM")!

    @Test func plainResultsCarryInvitesWithTheirScores() {
        let resolved = ResolvedResult(QuizResult(scores: Self.scores, nickname: "小王"))
        #expect(resolved.link == .invite(pack: .workplace, sender: LinkPerson(scores: Self.scores, nickname: "小王")))
        #expect(resolved.inviterInvite == nil)
        #expect(resolved.link.result == QuizResult(scores: Self.scores, nickname: "小王"))
    }

    @Test func invitedResultsCarryRepliesWithTheInvitersDetails() {
        let inviterScores = DimensionScores(c: 3, s: 3, e: 3, a: 3)
        let result = QuizResult(scores: Self.scores, pack: .student, nickname: "🐶", fromScores: inviterScores, fromNickname: "老板")
        #expect(result.fromCode == Self.pred)
        let resolved = ResolvedResult(result)
        #expect(resolved.link == .reply(
            pack: .student, sender: LinkPerson(scores: Self.scores, nickname: "🐶"),
            inviter: LinkPerson(scores: inviterScores, nickname: "老板")))
        #expect(resolved.inviterInvite == .invite(pack: .student, sender: LinkPerson(scores: inviterScores, nickname: "老板")))
        #expect(resolved.link.result == result)
    }

    /// A result built in code may hold controls the reader refuses: its links leave them out,
    /// so no link the engine prints (or signs) carries one.
    @Test func linksNeverCarryControlCharacters() {
        let result = QuizResult(scores: Self.scores, nickname: "a\u{0}b\u{1B}c\u{85}d\ne", fromCode: Self.pred, fromNickname: "\u{7F}\u{0}")
        let link = ResolvedResult(result).link
        guard case .reply(_, let sender, let inviter) = link else { Issue.record("not a reply: \(link)"); return }
        #expect(sender.nickname == "abcd\ne")
        #expect(inviter.nickname == nil)
        for text in [link.url, link.canonicalText] {
            #expect(!["%00", "%1B", "%C2%85", "%7F"].contains { text.contains($0) }, "\(text)")
        }
    }

    @Test func peopleWithoutScoresAreDrawnAtTheirPoles() {
        let link = NMTILink.reply(pack: .workplace, sender: LinkPerson(code: Self.poom), inviter: LinkPerson(code: Self.pred))
        let result = link.result
        #expect(result.scores == DimensionScores(c: 6, s: -6, e: -6, a: -6))
        #expect(result.code == Self.poom)
        #expect(result.fromCode == Self.pred && result.fromScores == nil)
        for code in PersonalityCode.all {
            #expect(resolvePersonalityCode(from: .poles(of: code)) == code)
        }
    }
}
