import Foundation
import Testing
@testable import PosterKit

/// The fit and contrast lints over the personalised worst cases, on the shipped themes
/// and on what the personalised results are.
@Suite struct VariantLintTests {
    @Test func thePersonalisedResultsCoverEveryCaseOnEveryVariant() {
        #expect(ThemeSample.personalised.count == 192)
        #expect(Set(ThemeSample.personalised.map(\.label)).count == 192)
        #expect(ThemeSample.longNickname.unicodeScalars.count == 24 && ThemeSample.emojiNickname.unicodeScalars.count == 24)
        let invited = ThemeSample.personalised.filter { $0.result.fromCode != nil }
        #expect(invited.count == 128)
        #expect(invited.contains { $0.result.fromNickname == nil && $0.result.fromScores == nil })
        #expect(invited.contains { $0.result.fromNickname == nil && $0.result.fromScores != nil })
        #expect(invited.contains { $0.result.fromNickname != nil && $0.result.fromScores == nil })
        #expect(invited.contains { $0.result.fromNickname != nil && $0.result.fromScores != nil })
        // The contrast lint draws every variant once with a nickname and once invited.
        let contrast = ThemeSample.personalisedForContrast
        #expect(contrast.count == 64)
        #expect(contrast.filter { $0.result.fromCode == nil && $0.result.nickname != nil }.count == 32)
        #expect(Set(contrast.filter { $0.result.fromCode != nil }.map { "\($0.result.pack)\($0.result.code)" }).count == 32)
    }

    /// Classic's invited line (`你是PRED，TA是PREM（…）`, 11.5 pt in the variant's accent on
    /// #F4EFE6) reaches only 4.0-4.1:1 for 10 of the 16 types: a real finding the personalised
    /// results brought up, left to the theme's redesign (docs/themes.md names the lint).
    @Test(arguments: ["classic", "neon", "paper", "pair", "receipt", "card", "thumb"])
    func theShippedThemesFitAndPassContrastForPersonalisedResults(name: String) throws {
        let theme = try Theme.load(from: URL(fileURLWithPath: "Themes/\(name)"))
        let lint = try VariantLint.run(theme, samples: ThemeSample.personalised, contrast: true, renderer: PosterRenderer())
        #expect(lint.fitProblems.isEmpty, "\(lint.fitProblems.prefix(5))")
        #expect(theme.undrawnConditions(over: theme.lintSamples).isEmpty)
        withKnownIssue("classic: elements[11].children[4].children[1] is below 4.5:1 on invited posters") {
            #expect(lint.contrast.isEmpty, "\(lint.contrast.prefix(5))")
        } when: {
            name == "classic"
        }
    }
}
