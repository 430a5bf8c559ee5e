import Foundation
import PosterCLI
import PosterKit
import StampElement
import Testing

/// An `nmti-poster` built with an extra element type (docs/plugins.md) knows it in every
/// command that loads themes: `render`, `batch`, `themes validate`, `preview` and `golden`.
/// The same commands with the standard registry refuse the theme.
@Suite("Plugins: every command knows the registry's elements")
struct PluginCommandTests {
    /// A themes folder of its own (golden artifacts go next to it) holding one small
    /// theme that uses `stamp`, and the result fixtures the golden edge cases read.
    final class Sandbox {
        let root: URL
        let themes: ThemeStore
        let standard: ThemeStore

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-plugin-\(UUID().uuidString)")
            let manager = FileManager.default
            let theme = root.appendingPathComponent("Themes/stamped")
            try manager.createDirectory(at: theme, withIntermediateDirectories: true)
            try ##"""
                { name: "stamped", canvas: { width: 60, height: 80, background: "#F4EFE6" },
                  elements: [ { type: "stamp", x: 10, y: 10, width: 40, height: 50, color: "#C0392B", teeth: 6 } ] }
                """##.write(to: theme.appendingPathComponent("theme.json5"), atomically: false, encoding: .utf8)
            try manager.createDirectory(at: root.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
            try manager.copyItem(at: Fixtures.url("Fixtures/results"), to: root.appendingPathComponent("Fixtures/results"))
            var registry = ElementRegistry.standard
            registry.register(StampElement.self)
            themes = ThemeStore(directory: root.appendingPathComponent("Themes"), registry: registry)
            standard = ThemeStore(directory: root.appendingPathComponent("Themes"))
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

        /// Runs the tool in-process with `store`'s themes and element types.
        /// `-o` files stay in `io.files`; batch and golden folders are written to disk.
        func run(_ words: [String], store: ThemeStore? = nil) -> (status: PosterCLI.ExitStatus, io: CapturedIO) {
            var io = CapturedIO(readsDisk: true)
            let status = NMTIPoster.run(words, io: &io, themes: store ?? themes)
            return (status, io)
        }
    }

    static let result = Fixtures.url("Fixtures/results/workplace-PRED.json").path

    /// Every command that loads a theme, as run with the stamp theme.
    static func commands(_ sandbox: Sandbox) -> [[String]] {
        [["render", result, "--theme", "stamped", "-o", sandbox.path("pred.png")],
         ["batch", "--theme", "stamped", "--pack", "student", "--out", sandbox.path("out"), "--quiet"],
         ["themes", "validate", "stamped"],
         ["preview", "--theme", "stamped", "-o", sandbox.path("sheet.png")],
         ["golden", "update", "--theme", "stamped", "--goldens", sandbox.path("goldens")],
         ["golden", "check", "--theme", "stamped", "--goldens", sandbox.path("goldens"), "--report", sandbox.path("report")]]
    }

    @Test func everyCommandAcceptsThePluginElement() throws {
        let sandbox = try Sandbox()
        var written: [String: Data] = [:]
        for words in Self.commands(sandbox) {
            let (status, io) = sandbox.run(words)
            #expect(status == PosterCLI.ExitStatus.success, "\(words.joined(separator: " ")): \(io.standardError)")
            #expect(!io.standardError.contains("unknown element type"), "\(io.standardError)")
            written.merge(io.files) { first, _ in first }
        }
        let manager = FileManager.default
        #expect(manager.fileExists(atPath: sandbox.path("out/stamped/student/PRED.png")))
        #expect(manager.fileExists(atPath: sandbox.path("goldens/stamped/workplace-PRED.png")))
        #expect(manager.fileExists(atPath: sandbox.path("goldens/stamped/edge-nickname-long.png")))
        #expect(manager.fileExists(atPath: sandbox.path("report/report.html")))
        for file in ["pred.png", "sheet.png"] {
            let png = try #require(written[sandbox.path(file)], "\(file) was not written")
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(file)")
        }
    }

    @Test func theStandardRegistryRefusesTheSameTheme() throws {
        let sandbox = try Sandbox()
        for words in Self.commands(sandbox) {
            let (status, io) = sandbox.run(words, store: sandbox.standard)
            #expect(status == PosterCLI.ExitStatus.badTheme, "\(words.joined(separator: " ")): \(io.standardError)")
            #expect(io.standardError.contains("unknown element type 'stamp'"), "\(io.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("out")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("goldens/stamped")))
    }
}
