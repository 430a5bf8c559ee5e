import Testing
@testable import PosterGraphics

/// The line breaker's shortcut for the commonest pairs (two ideographs, two ASCII
/// letters or digits) gives the answers the rules give.
@Suite struct LineBreakRulesShortcutTests {
    /// Characters of every kind the rules tell apart: punctuation that must not
    /// start or end a line, spaces, digits in both widths, date units, kana,
    /// Hangul, emoji, combining sequences, a zero-width space.
    static let sample: [Character] = Array("中文年月日页，。、；：？！…—（）《》「」“”‘’·・～ーぁァ가ab0９Z-?&.,;:!%'\"( )é\u{200B}\u{3000}😀👍🏽")
        + ["a\u{301}", "中\u{301}", "\u{301}", "1\u{FE0F}\u{20E3}", "\r\n"]

    static let ideographs: [Character] = (0x4E00...0x9FFF).compactMap { Unicode.Scalar($0).map(Character.init) }
    static let ascii: [Character] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    func expectSame(_ characters: [Character], sourceLocation: SourceLocation = #_sourceLocation) {
        let index = characters.count - 1
        #expect(LineBreakRules.opportunity(before: index, in: characters)
                == LineBreakRules.ruledOpportunity(before: index, in: characters),
                "\(characters.map { String($0).unicodeScalars.map { String($0.value, radix: 16) } })",
                sourceLocation: sourceLocation)
    }

    @Test func everyIdeographAndASCIIPairMatchesTheRules() {
        for ideograph in Self.ideographs {
            expectSame([ideograph, "中"])
            expectSame(["年", "中", ideograph])
            expectSame(["1", ideograph, "月"])
        }
        for first in Self.ascii {
            for second in Self.ascii { expectSame(["-", first, second]) }
        }
    }

    @Test func theClassShortcutsMatchTheProperties() {
        for character in Self.ideographs + Self.ascii + Self.sample {
            let scalar = character.unicodeScalars.first!
            #expect(character.isIdeograph == (scalar.properties.isIdeographic))
            let word = !character.isWhitespace && !(scalar.properties.isIdeographic) && !character.isCJKSymbol
                && !character.isEmojiCharacter
            #expect(character.isWordCharacter == word, "\(character)")
        }
    }

    @Test func everyPairOfTheSampleMatchesTheRules() {
        for context in Self.sample.prefix(12) {
            for first in Self.sample {
                for second in Self.sample { expectSame([context, first, second]) }
            }
        }
    }
}
