import Foundation
import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterGolden
@testable import PosterKit
@testable import PosterPNG

/// The suite's recording modes, failure messages, artifacts and report, on a tiny theme
/// in a scratch goldens folder.
@Suite struct GoldenSuiteTests {
    let tinyCase = GoldenCase(theme: "tiny", name: "workplace-PRED", source: .catalogue(PersonalityCode("PRED")!, .workplace))

    func golden(_ scratch: ScratchGoldens) -> URL { scratch.goldens.appendingPathComponent("tiny/workplace-PRED.png") }

    @Test func missingGoldenIsRecordedAndStillFailsThenPasses() throws {
        let scratch = try ScratchGoldens(mode: .missing)
        let theme = try TinyTheme.load()
        let first = scratch.suite.run(tinyCase, theme: theme)
        #expect(first.status == .new && first.action == .recorded && first.failed)
        #expect(first.message.contains("recorded the golden now"))
        let stored = try [UInt8](Data(contentsOf: golden(scratch)))
        // Stored at the highest level with the golden encoder, and losslessly.
        let image = try PNGDecoder().decode(stored)
        #expect(try DiffImage.encodePNG(image, encoder: GoldenSuite.goldenEncoder) == stored)
        #expect(FileManager.default.fileExists(atPath: scratch.goldens.appendingPathComponent("environment.json").path))

        let second = scratch.suite.run(tinyCase, theme: theme)
        #expect(second.status == .passed && !second.failed && second.message.isEmpty)
    }

    @Test func neverModeRecordsNothing() throws {
        let scratch = try ScratchGoldens(mode: .never)
        let outcome = scratch.suite.run(tinyCase, theme: try TinyTheme.load())
        #expect(outcome.status == .missing && outcome.action == nil)
        #expect(!FileManager.default.fileExists(atPath: golden(scratch).path))
        #expect(outcome.message.contains("accept the change: swift run nmti-poster golden update --theme tiny --case workplace-PRED"))
        #expect(outcome.artifacts.actual != nil)
    }

    @Test func recordModeComesFromTheEnvironmentAndCINeverRecords() throws {
        #expect(try GoldenRecordMode.fromEnvironment([:]) == .missing)
        #expect(try GoldenRecordMode.fromEnvironment(["NMTI_GOLDEN_RECORD": "failed"]) == .failed)
        #expect(try GoldenRecordMode.fromEnvironment(["NMTI_GOLDEN_RECORD": "all"]) == .all)
        #expect(try GoldenRecordMode.fromEnvironment(["NMTI_GOLDEN_RECORD": "never"]) == .never)
        #expect(try GoldenRecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(try GoldenRecordMode.fromEnvironment(["CI": "true", "NMTI_GOLDEN_RECORD": "all"]) == .never)
        #expect(throws: GoldenSetupError.self) { try GoldenRecordMode.fromEnvironment(["NMTI_GOLDEN_RECORD": "sometimes"]) }
    }

    @Test func changedRenderFailsWithFiguresToleranceArtifactsAndTheAcceptCommand() throws {
        let scratch = try ScratchGoldens(mode: .missing)
        _ = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#336699"))
        let outcome = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#3366A0"))
        #expect(outcome.status == .changed && outcome.action == nil)
        let message = outcome.message
        #expect(message.contains("tiny/workplace-PRED: 800 of 9600 pixels differ (0 darker, 800 lighter)"), "\(message)")
        #expect(message.contains("largest channel difference 7 at (x 20, y 20)"))
        #expect(message.contains("tolerance: exact (the default; no "))
        #expect(message.contains("accept the change: swift run nmti-poster golden update --theme tiny --case workplace-PRED"))
        for artifact in [outcome.artifacts.expected, outcome.artifacts.actual, outcome.artifacts.diff, outcome.artifacts.sideBySide] {
            let path = try #require(artifact)
            #expect(FileManager.default.fileExists(atPath: scratch.artifacts.appendingPathComponent(path).path), "\(path)")
        }
        // "failed" rewrites it (the run still fails), and the next run passes.
        let rewrite = try scratch.with(mode: .failed).run(tinyCase, theme: try TinyTheme.load(fill: "#3366A0"))
        #expect(rewrite.status == .changed && rewrite.action == .rewritten)
        #expect(scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#3366A0")).status == .passed)
    }

    @Test func toleranceFileNextToTheGoldenIsAppliedAndShown() throws {
        let scratch = try ScratchGoldens(mode: .missing)
        _ = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#336699"))
        let toleranceFile = scratch.goldens.appendingPathComponent("tiny/workplace-PRED.tolerance.json")
        try Data(#"{"maxChannelDifference": [0, 7], "maxDifferingPixels": [0, 800]}"#.utf8).write(to: toleranceFile)
        let within = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#3366A0"))
        #expect(within.status == .passed)
        #expect(within.summary.contains("within tolerance"))

        try Data(#"{"maxChannelDifference": [0, 6]}"#.utf8).write(to: toleranceFile)
        let beyond = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#3366A0"))
        #expect(beyond.status == .changed)
        #expect(beyond.message.contains("tolerance: channel difference 0...6, differing pixels any number (\(toleranceFile.path))"),
                "\(beyond.message)")

        try Data(#"{"maxChannelDifference": [2, 6]}"#.utf8).write(to: toleranceFile)
        let invalid = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#3366A0"))
        #expect(invalid.status == .error)
        #expect(invalid.message.contains("must start at 0"))
    }

    @Test func aDifferentEnvironmentIsNamedFirst() throws {
        let scratch = try ScratchGoldens(mode: .missing)
        _ = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#336699"))
        var stamp = EnvironmentStamp.current
        stamp.libraries["cairo"] = "0.0.1"
        stamp.fonts[0].sha256 = String(repeating: "0", count: 64)
        try stamp.encoded().write(to: scratch.goldens.appendingPathComponent("environment.json"))
        let outcome = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#3366A0"))
        let firstLine = try #require(outcome.message.split(separator: "\n").first)
        #expect(firstLine.hasPrefix("ENVIRONMENT DIFFERS"))
        #expect(firstLine.contains("cairo \(LibraryVersions.cairo) here, 0.0.1 when recorded"))
        #expect(firstLine.contains(PinnedFont.standard[0].path))

        try FileManager.default.removeItem(at: scratch.goldens.appendingPathComponent("environment.json"))
        let unknown = scratch.suite.run(tinyCase, theme: try TinyTheme.load(fill: "#3366A0"))
        #expect(unknown.message.hasPrefix("ENVIRONMENT UNKNOWN"))
    }

    @Test func blankRenderFailsAndIsNeverRecorded() throws {
        let scratch = try ScratchGoldens(mode: .all)
        let outcome = scratch.suite.run(tinyCase, theme: try TinyTheme.load(elements: false))
        #expect(outcome.status == .error && outcome.action == nil)
        #expect(outcome.message.contains("the render is blank: every pixel is #FFFFFFFF"))
        #expect(!FileManager.default.fileExists(atPath: golden(scratch).path))
    }

    @Test func blankUndecodableAndWrongSizeGoldensFail() throws {
        let scratch = try ScratchGoldens(mode: .never)
        let theme = try TinyTheme.load()
        try FileManager.default.createDirectory(at: golden(scratch).deletingLastPathComponent(), withIntermediateDirectories: true)

        let blank = DecodedImage(width: 120, height: 80, rgba: [UInt8](repeating: 255, count: 120 * 80 * 4))
        try Data(DiffImage.encodePNG(blank)).write(to: golden(scratch))
        let blankOutcome = scratch.suite.run(tinyCase, theme: theme)
        #expect(blankOutcome.status == .changed && blankOutcome.summary.contains("the golden is blank"))

        try Data("not a png".utf8).write(to: golden(scratch))
        let garbage = scratch.suite.run(tinyCase, theme: theme)
        #expect(garbage.status == .changed && garbage.summary.contains("cannot be decoded"))

        var pixels = [UInt8](repeating: 255, count: 122 * 80 * 4)
        pixels[0] = 0
        try Data(DiffImage.encodePNG(DecodedImage(width: 122, height: 80, rgba: pixels))).write(to: golden(scratch))
        let resized = scratch.suite.run(tinyCase, theme: theme)
        #expect(resized.status == .changed)
        #expect(resized.summary == "size differs: golden 122x80, render 120x80")
        #expect(resized.artifacts.sideBySide != nil && resized.artifacts.diff == nil)
    }

    @Test func obsoleteGoldensAreFoundAndRemovedWhenRecordingFailures() throws {
        let scratch = try ScratchGoldens(mode: .never)
        let folder = scratch.goldens.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stale = DecodedImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 255, 255, 255, 255])
        try Data(DiffImage.encodePNG(stale)).write(to: folder.appendingPathComponent("workplace-XXXX.png"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("workplace-XXXX.tolerance.json"))
        try FileManager.default.createDirectory(at: scratch.goldens.appendingPathComponent("gone"), withIntermediateDirectories: true)
        try Data(DiffImage.encodePNG(stale)).write(to: scratch.goldens.appendingPathComponent("gone/workplace-PRED.png"))
        let cases = GoldenCase.all(theme: "tiny", fixtures: GoldenTestSupport.fixtures)

        let found = scratch.suite.obsolete(themes: ["tiny"], cases: cases, unknownThemes: true)
        #expect(found.map(\.id) == ["gone/workplace-PRED.png", "tiny/workplace-XXXX.png", "tiny/workplace-XXXX.tolerance.json"])
        #expect(found.allSatisfy { $0.status == .obsolete && $0.failed && $0.action == nil })
        #expect(found[0].summary.contains("there is no theme 'gone'"))
        #expect(scratch.suite.obsolete(themes: ["tiny"], cases: cases, unknownThemes: false).count == 2)

        let removed = try scratch.with(mode: .failed).obsolete(themes: ["tiny"], cases: cases, unknownThemes: true)
        #expect(removed.allSatisfy { $0.action == .removed })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func reportListsEveryFailureWithRelativeImages() throws {
        let scratch = try ScratchGoldens(mode: .missing)
        let other = GoldenCase(theme: "tiny", name: "student-DOOM", source: .catalogue(PersonalityCode("DOOM")!, .student))
        _ = scratch.suite.run(tinyCase, theme: try TinyTheme.load(x: 10))
        let changed = scratch.suite.run(tinyCase, theme: try TinyTheme.load(x: 11))
        let new = scratch.suite.run(other, theme: try TinyTheme.load(x: 11))
        let url = try scratch.suite.writeReport([changed, new])
        #expect(url.lastPathComponent == "report.html")
        let html = try String(contentsOf: url, encoding: .utf8)
        #expect(html.contains("<h2>Changed (1)</h2>"))
        #expect(html.contains("<h2>New (recorded in this run) (1)</h2>"))
        #expect(html.contains("type=\"range\"") && html.contains("class=\"blink\""))
        for name in ["tiny/workplace-PRED.diff.png", "tiny/workplace-PRED.side-by-side.png",
                     "tiny/workplace-PRED.expected.png", "tiny/workplace-PRED.actual.png", "tiny/student-DOOM.actual.png"] {
            #expect(html.contains("src=\"\(name)\""), "\(name)")
            #expect(FileManager.default.fileExists(atPath: scratch.artifacts.appendingPathComponent(name).path))
        }
        #expect(!html.contains("src=\"/") && !html.contains("href=\"/"))  // images are relative: the folder can move
    }

    @Test func reportEscapesMarkup() {
        #expect(GoldenReport.escape("<b>Tom</b> & \"Jerry\"") == "&lt;b&gt;Tom&lt;/b&gt; &amp; &quot;Jerry&quot;")
    }
}
