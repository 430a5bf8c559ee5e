import Foundation
import Testing

/// Nothing a theme says can make the tool write outside the folders it was given,
/// through the real binary: unsafe theme names are refused before anything is written,
/// and a symlinked folder inside an output folder is never followed.
@Suite("Hardening: paths stay inside their folders")
struct PathContainmentTests {
    @Test(arguments: ["name-traversal", "name-javascript"])
    func anUnsafeThemeNameWritesNothingAnywhere(fixture: String) throws {
        let scratch = try BoundedRun.scratchFolder("names")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("a/b/out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let goldens = scratch.appendingPathComponent("a/b/goldens")
        let theme = "Fixtures/bad-themes/\(fixture)"
        let runs = [["batch", "--theme", theme, "--pack", "student", "--out", out.path],
                    ["golden", "update", "--theme", theme, "--goldens", goldens.path],
                    ["preview", "--theme", theme, "-o", out.appendingPathComponent("p.png").path]]
        for arguments in runs {
            let output = try BoundedRun.run(arguments, timeout: 60)
            #expect(output.status == 78, "\(arguments): \(output.stderr)")
            #expect(output.stderrLines.count == 1 && output.stderr.contains("error: name: "), "\(output.stderr)")
        }
        #expect(BoundedRun.contents(of: scratch) == ["a", "a/b", "a/b/out"], "\(BoundedRun.contents(of: scratch))")
    }

    @Test func goldenUpdateRemovesOnlyRegularFilesInsideTheGoldensFolder() throws {
        // A tiny theme keeps the 37 recordings fast; its own themes folder keeps the
        // artifacts in the scratch folder (they go next to the themes folder's parent).
        let root = try BoundedRun.scratchFolder("golden-links")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        let theme = root.appendingPathComponent("Themes/tiny")
        try manager.createDirectory(at: theme, withIntermediateDirectories: true)
        try ##"{ name: "tiny", canvas: { width: 8, height: 8 }, elements: [ { type: "shape", width: 4, height: 4, fill: "#000000" } ] }"##
            .write(to: theme.appendingPathComponent("theme.json5"), atomically: false, encoding: .utf8)
        try manager.createDirectory(at: root.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
        try manager.copyItem(at: Fixtures.url("Fixtures/results"), to: root.appendingPathComponent("Fixtures/results"))
        let outside = root.appendingPathComponent("outside")
        for name in ["keep.png", "keep.tolerance.json", "deep/d.png"] {
            let url = outside.appendingPathComponent(name)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: url)
        }
        let goldens = root.appendingPathComponent("goldens")
        try manager.createDirectory(at: goldens.appendingPathComponent("tiny"), withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: goldens.appendingPathComponent("tiny/stale.png"))
        // A folder no theme has: its golden is obsolete, and its name reaches the report's links.
        try manager.createDirectory(at: goldens.appendingPathComponent("javascript:alert(1)"), withIntermediateDirectories: true)
        try manager.copyItem(at: Fixtures.url("Fixtures/goldens/classic/workplace-PRED.png"),
                             to: goldens.appendingPathComponent("javascript:alert(1)/x.png"))
        let links = ["tiny/link.png": "outside/keep.png", "tiny/sub": "outside", "elsewhere": "outside"]
        for (link, target) in links {
            try manager.createSymbolicLink(atPath: goldens.appendingPathComponent(link).path,
                                           withDestinationPath: root.appendingPathComponent(target).path)
        }
        let output = try BoundedRun.run(["golden", "update", "--goldens", goldens.path], timeout: 120,
                                        environment: ["NMTI_THEMES_DIR": root.appendingPathComponent("Themes").path])
        #expect(output.status == 0, "\(output.stderr)")
        let printed = String(decoding: output.stdout, as: UTF8.self)
        #expect(printed.contains("removed tiny/stale.png: obsolete"), "\(printed)")
        #expect(!manager.fileExists(atPath: goldens.appendingPathComponent("tiny/stale.png").path))
        for name in ["keep.png", "keep.tolerance.json", "deep/d.png"] {
            #expect(try String(contentsOf: outside.appendingPathComponent(name), encoding: .utf8) == "keep", "\(name)")
        }
        for link in links.keys { #expect(OutputTargetTests.kind(goldens.appendingPathComponent(link).path) == S_IFLNK, "\(link)") }
        #expect(manager.fileExists(atPath: goldens.appendingPathComponent("tiny/workplace-PRED.png").path))
        #expect(!manager.fileExists(atPath: goldens.appendingPathComponent("javascript:alert(1)/x.png").path))
        let report = try String(contentsOf: root.appendingPathComponent(".build/golden-artifacts/report.html"), encoding: .utf8)
        #expect(report.contains(#"src="javascript%3Aalert%281%29/x.expected.png""#))
        #expect(!report.contains(#"href="javascript:"#) && !report.contains(#"src="javascript:"#))
    }

    @Test func aBatchNeverFollowsASymlinkedFolderInsideItsOutput() throws {
        let out = try BoundedRun.scratchFolder("linked-out")
        let outside = try BoundedRun.scratchFolder("linked-outside")
        defer { for url in [out, outside] { try? FileManager.default.removeItem(at: url) } }
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("classic").path, withDestinationPath: outside.path)
        let output = try BoundedRun.run(["batch", "--pack", "student", "--quiet", "--out", out.path], timeout: 120)
        #expect(output.status == 73, "\(output.stderr)")
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("\(out.path)/classic is a symbolic link; an output folder never follows one"), "\(output.stderr)")
        #expect(BoundedRun.contents(of: outside).isEmpty, "\(BoundedRun.contents(of: outside))")
        #expect(OutputTargetTests.kind(out.appendingPathComponent("classic").path) == S_IFLNK)
    }

    @Test func aBatchRefusesToReplaceAPosterThatIsASymlink() throws {
        let out = try BoundedRun.scratchFolder("linked-poster")
        let outside = try BoundedRun.scratchFolder("linked-poster-outside")
        defer { for url in [out, outside] { try? FileManager.default.removeItem(at: url) } }
        let victim = outside.appendingPathComponent("victim.png")
        try Data("keep".utf8).write(to: victim)
        try FileManager.default.createDirectory(at: out.appendingPathComponent("classic/student"), withIntermediateDirectories: true)
        let poster = out.appendingPathComponent("classic/student/DOED.png").path
        try FileManager.default.createSymbolicLink(atPath: poster, withDestinationPath: victim.path)
        let output = try BoundedRun.run(["batch", "--pack", "student", "--quiet", "--out", out.path], timeout: 120)
        #expect(output.status == 73, "\(output.stderr)")
        #expect(output.stderr.contains("failed: classic/student/DOED.png: \(poster): is a symbolic link; only a regular file is ever replaced"),
                "\(output.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        #expect(OutputTargetTests.kind(poster) == S_IFLNK)
        #expect(!BoundedRun.contents(of: out).contains { $0.hasSuffix(".tmp") })
    }
}
