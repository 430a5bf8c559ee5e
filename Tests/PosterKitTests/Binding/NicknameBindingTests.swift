import NMTIDomain
import Testing
@testable import PosterKit

/// What a nickname placeholder draws for a result built in code, which the result
/// reader never checked: controls are left out (a NUL used to end the drawn text).
@Suite struct NicknameBindingTests {
    @Test func controlCharactersAreLeftOutOfDrawnNicknames() {
        let result = QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), nickname: "a\u{0}b\u{1B}\u{85}\u{202E}c\nd",
                                fromCode: PersonalityCode("PRED"), fromNickname: "x\u{7F}y\u{0}")
        let values = BindingValues(ResolvedResult(result))
        #expect(values["nickname"] == "abc\nd")
        #expect(values["inviter.nickname"] == "xy")
    }
}
