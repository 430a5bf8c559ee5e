import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One batch folder holds one consistent batch: `--resume` re-renders posters made
/// with another theme, compression or engine; a second batch into a locked folder
/// stops with 75; two themes with one name are refused; an empty shard still
/// writes its folder and manifest. All through the real binary.
@Suite("Hardening: batch consistency", .serialized)
struct BatchConsistencyTests {
    /// A themes folder holding a copy of `paper` (named `paper`), for editing.
    static func themesCopy() throws -> URL {
        let themes = try BoundedRun.scratchFolder("themes")
        try FileManager.default.copyItem(at: Fixtures.url("Themes/paper"), to: themes.appendingPathComponent("paper"))
        return themes
    }

    static func manifestEntries(_ folder: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    }

    @Test func resumeRendersAgainWhatAnotherCompressionOrThemeVersionMade() throws {
        let themes = try Self.themesCopy()
        let out = try BoundedRun.scratchFolder("consistency")
        defer {
            try? FileManager.default.removeItem(at: themes)
            try? FileManager.default.removeItem(at: out)
        }
        let environment = ["NMTI_THEMES_DIR": themes.path]
        let batch = ["batch", "--theme", "paper", "--pack", "student", "--out", out.path]
        let first = try ChildProcess.run(batch + ["--compression", "fast"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let fast = try OutputFaultTests.manifestHashes(out)

        // Another --compression: every poster is stale, none is kept.
        let recompressed = try ChildProcess.run(batch + ["--resume"], environment: environment)
        #expect(recompressed.status == 0, "\(recompressed.stderr)")
        #expect(recompressed.stdout.contains("re-rendered stale posters made with another compression (16)"), "\(recompressed.stdout)")
        #expect(!recompressed.stdout.contains("kept from the interrupted run"))
        let balanced = try OutputFaultTests.manifestHashes(out)
        #expect(Set(balanced.keys) == Set(fast.keys))
        #expect(balanced.allSatisfy { fast[$0.key] != $0.value }, "a fast poster survived a balanced resume")
        #expect(try Self.manifestEntries(out).allSatisfy { ($0["provenance"] as? [String: String])?["compression"] == "balanced" })

        // The same settings again: everything is kept.
        let again = try ChildProcess.run(batch + ["--resume"], environment: environment)
        #expect(again.stdout.contains("(16 kept from the interrupted run)"), "\(again.stdout)")

        // Another version of the theme (one colour changed): every poster is stale.
        let file = themes.appendingPathComponent("paper/theme.json5")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "#F3EBDD", with: "#F3EBDE").write(to: file, atomically: true, encoding: .utf8)
        let edited = try ChildProcess.run(batch + ["--resume"], environment: environment)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("re-rendered stale posters made with another theme (16)"), "\(edited.stdout)")
        let newTheme = try OutputFaultTests.manifestHashes(out)
        #expect(newTheme.allSatisfy { balanced[$0.key] != $0.value }, "a poster of the old theme survived the resume")
        for (name, hash) in newTheme {
            #expect(OutputFaultTests.sha256(try Data(contentsOf: out.appendingPathComponent(name))) == hash)
        }
    }

    @Test func aResumeOfAManifestWithoutProvenanceRendersEverythingAgain() throws {
        let out = try BoundedRun.scratchFolder("consistency-old")
        defer { try? FileManager.default.removeItem(at: out) }
        let batch = ["batch", "--theme", "paper", "--pack", "student", "--shard", "1/8", "--out", out.path]
        #expect(try ChildProcess.run(batch).status == 0)
        // A manifest as written before provenance was recorded.
        var entries = try Self.manifestEntries(out)
        for index in entries.indices { entries[index]["provenance"] = nil }
        let old = try JSONSerialization.data(withJSONObject: ["version": 1, "shard": "1/8", "entries": entries])
        try old.write(to: out.appendingPathComponent("manifest.json"))
        let resumed = try ChildProcess.run(batch + ["--resume"])
        #expect(resumed.stdout.contains("re-rendered stale posters made with another provenance (2)"), "\(resumed.stdout)")
    }

    @Test func aSecondBatchIntoALockedFolderExits75AndWritesNothing() throws {
        let out = try BoundedRun.scratchFolder("locked")
        defer { try? FileManager.default.removeItem(at: out) }
        // This test process holds the lock, as a running batch would.
        let descriptor = open(out.appendingPathComponent(".batch.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let output = try ChildProcess.run(["batch", "--theme", "paper", "--pack", "student", "--out", out.path])
        #expect(output.status == 75, "\(output.stderr)")
        #expect(output.stderr == "nmti-poster: error: \(out.path): another batch or render --out is writing into this folder (it holds .batch.lock); wait for it to finish, or use another --out\n")
        #expect(BoundedRun.contents(of: out) == [".batch.lock"])
        // Released (as when the first batch ends or dies), the folder is usable again.
        flock(descriptor, LOCK_UN)
        let after = try ChildProcess.run(["batch", "--theme", "paper", "--pack", "student", "--shard", "1/16", "--out", out.path, "-q"])
        #expect(after.status == 0, "\(after.stderr)")
    }

    @Test func aLockFileThatIsASymlinkIsRefusedNotFollowed() throws {
        let out = try BoundedRun.scratchFolder("lock-link")
        defer { try? FileManager.default.removeItem(at: out) }
        let victim = out.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent(".batch.lock").path, withDestinationPath: victim.path)
        let output = try ChildProcess.run(["batch", "--theme", "paper", "--pack", "student", "--out", out.path])
        #expect(output.status == 73, "\(output.stderr)")
        #expect(output.stderr.contains(".batch.lock: cannot open the batch lock (it is a symbolic link)"), "\(output.stderr)")
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
    }

    @Test func twoThemesWithOneNameAreRefusedBeforeAnythingIsWritten() throws {
        let themes = try Self.themesCopy()
        let out = try BoundedRun.scratchFolder("duplicate-names")
        defer {
            try? FileManager.default.removeItem(at: themes)
            try? FileManager.default.removeItem(at: out)
        }
        // A second folder whose theme.json5 also says name: "paper".
        try FileManager.default.copyItem(at: themes.appendingPathComponent("paper"), to: themes.appendingPathComponent("paper-copy"))
        let output = try ChildProcess.run(["batch", "--all-themes", "--out", out.path], environment: ["NMTI_THEMES_DIR": themes.path])
        #expect(output.status == 78, "\(output.stderr)")
        #expect(output.stderrLines.count == 1)
        #expect(output.stderr.contains("/paper and \(themes.path)/paper-copy both declare the theme name 'paper'"), "\(output.stderr)")
        #expect(BoundedRun.contents(of: out).isEmpty, "\(BoundedRun.contents(of: out))")
    }

    @Test func anEmptyShardWritesItsFolderAndAnEmptyManifest() throws {
        let parent = try BoundedRun.scratchFolder("empty-shard")
        defer { try? FileManager.default.removeItem(at: parent) }
        let out = parent.appendingPathComponent("nested/out")
        let output = try ChildProcess.run(["batch", "--pack", "student", "--shard", "32/32", "--out", out.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try Self.manifestEntries(out).isEmpty)
        let data = try Data(contentsOf: out.appendingPathComponent("manifest.json"))
        #expect((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["shard"] as? String == "32/32")
        #expect(BoundedRun.contents(of: out) == [".batch.lock", "manifest.json"])
    }

    @Test func anEmptyOutFolderIsAUsageError() throws {
        let output = try ChildProcess.run(["batch", "--out", ""])
        #expect(output.status == 64)
        #expect(output.stderrLines.first == "nmti-poster: error: --out needs a folder name; '' names no folder")
    }
}
