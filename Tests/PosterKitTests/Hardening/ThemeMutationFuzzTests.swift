import Foundation
import NMTIDomain
import Testing
import TestSupport
@testable import PosterKit

/// A seeded mutation fuzzer over theme loading and validation, bounded to a few
/// seconds: every mutant of the seed corpus (Fixtures/fuzz/theme) either loads or
/// fails with diagnostics naming the file and a reason; some of those that load
/// are rendered. A crash fails the whole run. Long runs use libFuzzer (scripts/fuzz).
@Suite struct ThemeMutationFuzzTests {
    @Test func mutantsOfTheSeedCorpusNeverCrash() throws {
        let seedFolder = packageRoot.appendingPathComponent("Fixtures/fuzz/theme")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: seedFolder.path).sorted()
            .map { try Data(contentsOf: seedFolder.appendingPathComponent($0)) }
        #expect(seeds.count >= 3)
        let folder = try makeTheme("{ elements: [] }", files: Self.assets)
        let file = folder.appendingPathComponent("theme.json5")
        let renderer = try PosterRenderer()
        var mutator = ByteMutator(seed: 0x5448_454D, dictionary: Self.dictionary, maxDeletion: 32, maxChunk: 200)
        let deadline = Date().addingTimeInterval(3)
        var runs = 0, loaded = 0, rendered = 0
        while Date() < deadline || runs < 300 {
            let input = mutator.mutate(seeds[runs % seeds.count], rounds: 1 + runs % 3)
            try input.write(to: file)
            do {
                let theme = try Theme.load(from: folder)
                loaded += 1
                // A theme that validates renders every variant: whatever drawing would
                // refuse, loading refuses first (docs/limits.md, "Themes").
                if rendered < 12 {
                    rendered += 1
                    for result in Self.variants {
                        do {
                            _ = try renderer.render(result, theme: theme)
                        } catch {
                            // Only the user's own data may fail a render of a valid theme.
                            if !error.isCausedByUserData {
                                Issue.record("a mutant that loads fails to render \(result.pack) \(result.code): \(error.message)\n\(String(decoding: input, as: UTF8.self))")
                            }
                        }
                    }
                }
            } catch {
                #expect(!error.diagnostics.isEmpty)
                #expect(error.diagnostics.allSatisfy { $0.file == file.path && !$0.message.isEmpty })
            }
            runs += 1
            if runs >= 50_000 { break }
        }
        #expect(runs >= 300)
        #expect(loaded > 0 && loaded < runs, "\(loaded) of \(runs) mutants loaded")
    }

    /// The 32 variants, with a nickname holding a NUL and emoji (user data the QR code may carry).
    static let variants: [QuizResult] = QuizPack.allCases.flatMap { pack in
        PersonalityCode.all.map { code in
            let score = { (dimension: NMTIDomain.Dimension) in code.pole(on: dimension).isPositive ? 3 : -3 }
            return QuizResult(scores: DimensionScores(c: score(.c), s: score(.s), e: score(.e), a: score(.a)),
                              pack: pack, nickname: "小王\u{0}🔥")
        }
    }

    /// Theme tokens the mutator inserts among its byte edits.
    static let dictionary: [String] = [
        "{", "}", "[", "]", ":", ",", "\"", "'", "//", "/*", "*/", "null", "true", "NaN", "-", "1e308", "0x10", "Infinity",
        "type:", "\"text\"", "\"image\"", "\"stack\"", "\"group\"", "\"qr\"", "\"dimensions\"", "\"shape\"", "children:",
        "when:", "\"invited && !nickname\"", "\"{title}\"", "\"{nickname}\"", "\"{accent}\"", "\"assets/{code}.svg\"",
        "width:", "height:", "size:", "maxLines:", "x:", "y:", "variables:", "byCode:", "byPack:", "default:", "fill:",
        "stops:", "\"#E8503A\"", "\"#0000\"", "src:", "\"../x.svg\"", "\"/etc/passwd\"", "长", "😀", "\\u0000",
        "overflow:", "\"sentence\"", "italic: true", "\"radial\"", "。", "！",
        "dash:", "[0, 0]", "[0.01, 0.01]", "shadow:", "blur:", "opacity:", "0.5", "tint:", "clip:", "stroke:",
        "\"circle\"", "1e-200", "data:", "\"{a}{a}{a}{a}\"", "a:", "\"{b}{b}\"", "\"{accent}{accent}\"", "HEXA:",
        "student:", "workplace:", "2048",
    ]

    static let assets: [String: String] = {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10' width='10' height='10'><circle cx='5' cy='5' r='4'/></svg>"
        var files = ["assets/mark.svg": svg, "assets/dot.png": svg]  // an SVG under a .png name: detected by content
        for code in PersonalityCode.all { files["assets/\(code.rawValue).svg"] = svg }
        return files
    }()
}
