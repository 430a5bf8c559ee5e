import Foundation
import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterGolden
@testable import PosterKit
@testable import PosterPNG

/// Every variant and edge case of every theme against its golden image.
///
/// `NMTI_GOLDEN_RECORD` chooses what the run may write: `missing` (default), `failed`,
/// `all` or `never`; with `CI=true` nothing is written. A recorded golden still fails
/// this run. Failures leave artifacts and one report.html in `.build/golden-artifacts/`
/// (or `$NMTI_GOLDEN_ARTIFACTS`).
@Suite("Golden images")
struct GoldenImageTests {
    @Test("golden", arguments: GoldenTestSupport.cases)
    func golden(_ testCase: GoldenCase) throws {
        let suite = try GoldenTestSupport.suite()
        let theme = try #require(try GoldenTestSupport.themes.theme(testCase.themeReference).inFormat(testCase.format))
        let outcome = suite.run(testCase, theme: theme)
        GoldenTestSupport.report.add([outcome], suite: suite)
        if outcome.failed { Issue.record("\(outcome.message)") }
    }

    @Test func noObsoleteGoldens() throws {
        let suite = try GoldenTestSupport.suite()
        let outcomes = suite.obsolete(themes: GoldenTestSupport.themeNames, cases: GoldenTestSupport.cases, unknownThemes: true)
        GoldenTestSupport.report.add(outcomes, suite: suite)
        for outcome in outcomes { Issue.record("\(outcome.message)") }
    }

    /// Guards against the parameterised test silently having nothing to run: the default
    /// format has 37 cases (plus the pairs), every other format 32 (a pair theme: the pairs).
    @Test func everyThemeHasThirtySevenCasesAndEveryPairThemeThePairs() throws {
        #expect(GoldenTestSupport.themeNames.count >= 3, "themes found: \(GoldenTestSupport.themeNames)")
        let pairThemes = try GoldenTestSupport.themeNames.filter { try GoldenTestSupport.themes.theme($0).subject == .pair }
        #expect(pairThemes.contains("pair"))
        var expected = 0
        for name in GoldenTestSupport.themeNames {
            let theme = try GoldenTestSupport.themes.theme(name)
            let pairs = theme.subject == .pair ? GoldenCase.pairCases.count : 0
            expected += 37 + pairs + (theme.formatNames.count - 1) * (theme.subject == .pair ? pairs : 32)
        }
        #expect(GoldenTestSupport.cases.count == expected)
        #expect(GoldenCase.pairCases.count >= 8)
        for name in GoldenTestSupport.themeNames {
            // Goldens are filed under the theme's name; the shipped themes use their folder name.
            #expect(try GoldenTestSupport.themes.theme(name).name == name)
        }
        for fixture in GoldenCase.edgeFixtures {
            #expect(FileManager.default.fileExists(atPath: GoldenTestSupport.fixtures.appendingPathComponent("\(fixture).json").path))
        }
    }

    @Test func environmentStampNamesEveryLibraryAndPinnedFont() throws {
        let url = GoldenTestSupport.goldens.appendingPathComponent(EnvironmentStamp.fileName)
        let stamp = try #require(try EnvironmentStamp.load(from: url)?.get(), "no \(url.path); run the golden tests once to record it")
        #expect(Set(stamp.libraries.keys) == ["cairo", "pango", "harfbuzz", "freetype", "fontconfig", "librsvg", "icu"])
        #expect(stamp.fonts.map(\.path) == PinnedFont.standard.map(\.path))
        #expect(stamp.fonts.allSatisfy { $0.sha256.count == 64 })
    }

    /// Goldens are stored at the maximum compression: re-encoding one with the golden
    /// encoder gives the stored bytes back.
    @Test func goldensAreStoredWithTheGoldenEncoder() throws {
        let url = GoldenTestSupport.goldens.appendingPathComponent("classic/workplace-PRED.png")
        let stored = try [UInt8](Data(contentsOf: url))
        let image = try PNGDecoder().decode(stored)
        #expect(try DiffImage.encodePNG(image, encoder: GoldenSuite.goldenEncoder) == stored)
    }
}
