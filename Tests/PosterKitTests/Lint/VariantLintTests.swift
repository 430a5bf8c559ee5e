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

    /// Every format of every shipped theme fits for the personalised results, and draws every
    /// `when` branch; the poster's contrast is checked for them too (`themes validate` checks
    /// every format's, over 64 of them, in ShippedThemesScanTests' runs and CI's).
    @Test(arguments: ["classic", "neon", "paper", "pair", "receipt"])
    func theShippedThemesFitAndPassContrastForPersonalisedResults(name: String) throws {
        let theme = try Theme.load(from: URL(fileURLWithPath: "Themes/\(name)"))
        let renderer = try PosterRenderer()
        for format in theme.everyFormat {
            let poster = format.formatName == PosterFormat.defaultName
            let lint = try VariantLint.run(format, samples: ThemeSample.personalised, contrast: poster, renderer: renderer)
            #expect(lint.fitProblems.isEmpty, "\(format.formatLabel): \(lint.fitProblems.prefix(5))")
            #expect(format.undrawnConditions(over: format.lintSamples).isEmpty, "\(format.formatLabel)")
            #expect(lint.contrast.isEmpty, "\(format.formatLabel): \(lint.contrast.prefix(5))")
        }
    }
}
