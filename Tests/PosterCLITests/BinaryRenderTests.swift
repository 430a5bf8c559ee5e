import Foundation
import Testing

/// The render, batch, preview and themes commands, run as a user runs them.
@Suite("Binary: render, batch, preview, themes") final class BinaryRenderTests {
    /// The folders this test made. Swift Testing creates one instance per test, so
    /// they are removed as soon as the test ends.
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        return folder
    }

    /// The width and height in a PNG's IHDR chunk.
    func pngSize(_ data: Data) -> (Int, Int)? {
        guard data.count > 24, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let bytes = [UInt8](data)
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test(arguments: ["classic", "neon", "paper", "pair", "receipt"])
    func rendersAFixtureIdenticallyEveryTime(theme: String) throws {
        let folder = try scratch()
        let first = folder.appendingPathComponent("a.png").path, second = folder.appendingPathComponent("b.png").path
        let run = try Binary.run(["render", "Fixtures/results/invited-student.json", "--theme", theme, "-o", first])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote \(first) (750x1334"))
        _ = try Binary.run(["render", "Fixtures/results/invited-student.json", "--theme", theme, "-o", second, "-q"])
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(pngSize(a)! == (750, 1334))
        #expect(a == b)
    }

    @Test func compressionSettingsTradeBytesForTime() throws {
        let folder = try scratch()
        var sizes: [String: Int] = [:]
        for setting in ["fast", "balanced"] {
            let path = folder.appendingPathComponent("\(setting).png").path
            let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--compression", setting, "-o", path])
            #expect(run.status == 0, "\(run.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(pngSize(data)! == (750, 1334))
            sizes[setting] = data.count
        }
        #expect(sizes["fast"]! > sizes["balanced"]!, "fast trades size for time: \(sizes)")
        let bad = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--compression", "max",
                                  "-o", folder.appendingPathComponent("x.png").path])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--compression must be fast, balanced or smallest, not 'max'"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }

    @Test func rendersToStandardOutput() throws {
        let run = try Binary.run(["render", "-", "-o", "-"], stdin: Data(#"{"scores":{"c":1,"s":-1,"e":0,"a":3}}"#.utf8))
        #expect(run.status == 0)
        #expect(pngSize(run.stdout)! == (750, 1334))
    }

    @Test func aBrokenThemeExits78WithEveryProblemAndNoFile() throws {
        let folder = try scratch()
        let theme = folder.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try #"{ elements: [ { type: "txt" }, { type: "text", text: "{nope}" }, { type: "image", src: "gone.png", width: 9 } ] }"#
            .write(to: theme.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.png")
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", theme.path, "-o", output.path])
        #expect(run.status == 78)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("theme.json5:1:") && run.stderr.contains("elements[0].type: unknown element type 'txt'"))
        #expect(run.stderr.contains("elements[1].text: unknown placeholder {nope}"))
        #expect(run.stderr.contains("elements[2].src") && run.stderr.contains("no such file"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let validate = try Binary.run(["themes", "validate", theme.path])
        #expect(validate.status == 78)
    }

    @Test func unknownThemesAndBadResultsLeaveNoOutput() throws {
        let output = try scratch().appendingPathComponent("out.png")
        let missing = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", "nope", "-o", output.path])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("theme 'nope' not found") && missing.stderr.contains("known themes: classic, neon, pair, paper, receipt"), "\(missing.stderr)")
        let bad = try Binary.run(["render", "Fixtures/bad-results/code-disagrees.json", "-o", output.path])
        #expect(bad.status == 65)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func batchWithOneOrTwoJobsWritesTheSameFiles() throws {
        let one = try scratch(), two = try scratch()
        let first = try Binary.run(["batch", "--pack", "student", "--jobs", "1", "--out", one.path])
        let second = try Binary.run(["batch", "--pack", "student", "--jobs", "2", "--out", two.path, "-q"])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(first.stdoutText.contains("[16/16] ok classic/student/"))
        #expect(second.stdoutText.isEmpty)
        struct Manifest: Decodable { struct Entry: Decodable { let file: String; let sha256: String; let bytes: Int }; let entries: [Entry] }
        let a = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: one.appendingPathComponent("manifest.json")))
        let b = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: two.appendingPathComponent("manifest.json")))
        #expect(a.entries.count == 16)
        #expect(a.entries.map(\.sha256) == b.entries.map(\.sha256))
        for entry in a.entries {
            let data = try Data(contentsOf: one.appendingPathComponent(entry.file))
            #expect(data.count == entry.bytes && pngSize(data)! == (750, 1334))
        }
    }

    @Test func shardsMergeIntoTheWholeManifest() throws {
        let folder = try scratch()
        for index in 1...2 {
            let run = try Binary.run(["batch", "--pack", "workplace", "--shard", "\(index)/2", "--out", folder.appendingPathComponent("s\(index)").path, "-q"])
            #expect(run.status == 0)
        }
        let merged = try Binary.run(["manifest", "merge", folder.appendingPathComponent("s1/manifest.json").path,
                                     folder.appendingPathComponent("s2/manifest.json").path])
        #expect(merged.status == 0)
        #expect(merged.stdoutText.components(separatedBy: "\"sha256\"").count - 1 == 16)
        #expect(try Binary.run(["batch", "--shard", "3/2", "--out", folder.path]).status == 64)
    }

    @Test func previewPrintsAnEmptyFitReportForTheShippedThemes() throws {
        let sheet = try scratch().appendingPathComponent("sheet.png")
        // Their contrast, personalised results included, is checked in ContrastLintTests and VariantLintTests.
        for theme in ["classic", "neon", "paper", "receipt"] {
            let run = try Binary.run(["preview", "--theme", theme, "--no-contrast", "--tile-width", "60", "-o", sheet.path])
            #expect(run.status == 0, "\(theme): \(run.stderr)")
            // Every shipped theme has several formats, so each report names the one it is about.
            #expect(run.stdoutText.contains("fit report for \(theme): every variant fits as designed"), "\(theme): \(run.stdoutText)")
            #expect(run.stdoutText.contains("fit report of the 192 personalised results for \(theme) (long and emoji nicknames, invited): nothing overflows"),
                    "\(theme): \(run.stdoutText)")
            #expect(pngSize(try Data(contentsOf: sheet)) != nil)
        }
    }

    /// The pair themes are checked over the 32 variants and the 512 ordered pairs (their
    /// contrast is in ContrastLintTests).
    @Test(arguments: ["pair"])
    func previewCoversEveryPairOfAPairTheme(theme: String) throws {
        let folder = try scratch()
        let sheet = folder.appendingPathComponent("sheet.png")
        let run = try Binary.run(["preview", "--theme", theme, "--no-contrast", "-o", sheet.path])
        #expect(run.status == 0, "\(theme): \(run.stderr)")
        #expect(run.stdoutText.contains("wrote \(sheet.path) (544 posters)"), "\(run.stdoutText)")
        #expect(!run.stdoutText.contains("overflowed") && !run.stdoutText.contains("ellipsised"), "\(run.stdoutText)")
        let poster = folder.appendingPathComponent("p.png")
        let render = try Binary.run(["render", "Fixtures/results/invited-workplace.json", "--theme", theme, "-o", poster.path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(pngSize(try Data(contentsOf: poster))! == (750, 1334))
    }

    @Test func previewFailsWhenTextOverflows() throws {
        let folder = try scratch()
        try #"{ elements: [ { type: "stack", x: 10, y: 10, width: 100, height: 20, children: [ { type: "text", text: "{description}" } ] } ] }"#
            .write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        let run = try Binary.run(["preview", "--theme", folder.path, "-o", folder.appendingPathComponent("s.png").path])
        #expect(run.status == 1)
        #expect(run.stdoutText.contains("overflowed"))
    }

    @Test func aThemeWithSeveralProblemsIsOneReadableLine() throws {
        let folder = try scratch()
        try ##"{ canvas: { background: "#zz1234" }, elements: [ { type: "text", text: "x", size: "big" } ] }"##
            .write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("x.png")
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", folder.path, "-o", output.path])
        #expect(run.status == 78)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("nmti-poster: error: 2 problems in theme '\(folder.path)' "), "\(run.stderr)")
        #expect(run.stderr.contains("themes validate \(folder.path)"), "\(run.stderr)")
        #expect(run.stderr.contains("canvas.background: '#zz1234' is not a colour"), "\(run.stderr)")
        #expect(run.stderr.contains("; \(folder.path)/theme.json5:1:"), "\(run.stderr)")
        #expect(run.stderr.contains("elements[0].size: "), "\(run.stderr)")
        #expect(!run.stderr.contains("\\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func themesListShowsEveryShippedTheme() throws {
        let run = try Binary.run(["themes", "list"])
        #expect(run.status == 0)
        for theme in ["classic", "neon", "paper", "receipt"] { #expect(run.stdoutText.contains(theme)) }
        #expect(run.stdoutText.contains("(default)"))
    }
}
