import Foundation
import Synchronization
import NMTIDomain
import PosterGraphics
import Testing
import TestSupport
@testable import PosterGolden
@testable import PosterKit
@testable import PosterPNG

/// Paths, the shared suite and the run-wide report for the golden tests.
enum GoldenTestSupport {
    /// The package root: the nearest folder above this file holding Package.swift.
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    static let themes = ThemeStore(directory: root.appendingPathComponent("Themes"))
    static let goldens = root.appendingPathComponent("Fixtures/goldens")
    static let fixtures = root.appendingPathComponent("Fixtures/results")

    /// `$NMTI_GOLDEN_ARTIFACTS`, else `.build/golden-artifacts` in the package.
    static let artifacts: URL = {
        if let path = ProcessInfo.processInfo.environment["NMTI_GOLDEN_ARTIFACTS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return root.appendingPathComponent(".build/golden-artifacts")
    }()

    /// The theme folders in Themes/.
    static let themeNames = themes.names()

    /// Every golden case of every format of every theme.
    static let cases: [GoldenCase] = themeNames.flatMap { name in
        let theme = try? themes.theme(name)
        return GoldenCase.all(theme: name, subject: theme?.subject ?? .single, fixtures: fixtures,
                              formats: theme?.formatNames ?? [PosterFormat.defaultName])
    }

    /// How test runs accept a change.
    @Sendable static func acceptCommand(theme: String, reference: String, format: String?, name: String?) -> String {
        let which = (format.map { " --format \($0)" } ?? "") + (name.map { " --case \($0)" } ?? " --only-failed")
        let command = reference.isEmpty ? "swift run nmti-poster golden update"
            : "swift run nmti-poster golden update --theme \(reference)\(which)"
        return command + " (or run the tests with \(GoldenRecordMode.environmentVariable)=failed)"
    }

    /// The suite of this test run, created once; the previous run's artifacts are removed then.
    static func suite() throws -> GoldenSuite {
        try shared.get()
    }

    private static let shared: Result<GoldenSuite, any Error> = Result { () throws -> GoldenSuite in
        let mode = try GoldenRecordMode.fromEnvironment()
        let suite = try GoldenSuite(.init(
            goldens: goldens, artifacts: artifacts, mode: mode, acceptCommand: acceptCommand,
            displayPath: { url in
                let path = url.standardizedFileURL.path, base = root.standardizedFileURL.path + "/"
                return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
            }))
        suite.removeOldArtifacts()
        return suite
    }

    /// Collects every golden outcome of the run and keeps one report.html up to date with them.
    static let report = ReportCollector()
}

/// The outcomes of the whole test run; the report is rewritten whenever there is a failure
/// to show, so after the last golden test it covers the whole run.
final class ReportCollector: Sendable {
    private let outcomes = Mutex<[GoldenOutcome]>([])

    func add(_ new: [GoldenOutcome], suite: GoldenSuite) {
        outcomes.withLock { outcomes in
            outcomes += new
            guard outcomes.contains(where: \.failed) else { return }
            _ = try? suite.writeReport(outcomes, title: "Golden images (swift test)")
        }
    }
}

extension GoldenCase: CustomTestStringConvertible {
    public var testDescription: String { id }
}

/// A throwaway theme folder with a small canvas, for proof tests that need exact figures.
enum TinyTheme {
    /// A 60 x 40 pt (120 x 80 px) white canvas with a 20 x 10 pt rectangle at (`x`, 10)
    /// and optionally one line of text at (4, 24).
    static func load(x: Double = 10, fill: String = "#000000", text: String? = nil, background: String = "#FFFFFF",
                     elements: Bool = true) throws -> Theme {
        var items: [String] = []
        if elements {
            items.append("{ type: \"shape\", x: \(x), y: 10, width: 20, height: 10, fill: \"\(fill)\" }")
            if let text {
                items.append("{ type: \"text\", x: 4, y: 22, width: 56, text: \"\(text)\", size: 10, color: \"#202020\" }")
            }
        }
        let source = """
            { format: 1, name: "tiny", canvas: { width: 60, height: 40, background: "\(background)" },
              elements: [\(items.joined(separator: ", "))] }
            """
        let folder = try TestScratch.folder("golden").appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: folder.appendingPathComponent(Theme.fileName))
        return try Theme.load(from: folder)
    }
}

/// A temporary goldens + artifacts folder pair with its own suite.
struct ScratchGoldens {
    let folder: URL
    let goldens: URL
    let artifacts: URL
    let suite: GoldenSuite

    init(mode: GoldenRecordMode) throws {
        folder = try TestScratch.folder("goldens")
        goldens = folder.appendingPathComponent("goldens")
        artifacts = folder.appendingPathComponent("artifacts")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        suite = try GoldenSuite(.init(goldens: goldens, artifacts: artifacts, mode: mode,
                                      acceptCommand: GoldenTestSupport.acceptCommand))
    }

    /// The same folders with another record mode.
    func with(mode: GoldenRecordMode) throws -> GoldenSuite {
        try GoldenSuite(.init(goldens: goldens, artifacts: artifacts, mode: mode, acceptCommand: GoldenTestSupport.acceptCommand))
    }
}

extension DecodedImage {
    /// The same image with one pixel's channel replaced.
    func setting(x: Int, y: Int, channel: Int, to value: UInt8) -> DecodedImage {
        var bytes = rgba
        bytes[(y * width + x) * 4 + channel] = value
        return DecodedImage(width: width, height: height, rgba: bytes)
    }

    func channel(x: Int, y: Int, _ channel: Int) -> UInt8 { rgba[(y * width + x) * 4 + channel] }

    /// How many pixels have exactly this opaque colour.
    func count(_ colour: (r: UInt8, g: UInt8, b: UInt8)) -> Int {
        stride(from: 0, to: rgba.count, by: 4).filter {
            rgba[$0] == colour.r && rgba[$0 + 1] == colour.g && rgba[$0 + 2] == colour.b && rgba[$0 + 3] == 255
        }.count
    }
}
