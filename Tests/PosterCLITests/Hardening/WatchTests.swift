import Foundation
import Testing

/// `preview --watch` survives any change to the theme folder: a theme that breaks
/// prints its error and the watch goes on; so do a theme file replaced by an
/// older file, a folder, a FIFO or a symlink, a removed asset, and the folder
/// deleted and made again. Through the real binary: each step waits until the
/// watch reported the previous one, and after the last the watch must still be
/// running, having printed no crash; it is then killed with SIGKILL. (A child
/// started from a test thread inherits that thread's blocked signals, so SIGINT
/// and SIGTERM would not reach it.)
@Suite("Hardening: preview --watch", .serialized)
struct WatchTests {
    @Test func theWatchSurvivesEveryChangeToTheThemeFolder() throws {
        let scratch = try BoundedRun.scratchFolder("watch")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let manager = FileManager.default
        let theme = scratch.appendingPathComponent("t")
        let file = theme.appendingPathComponent("theme.json5")
        let original = Fixtures.url("Themes/classic")
        try manager.copyItem(at: original, to: theme)

        // Each change, and whether the preview renders afterwards.
        let changes: [(String, Bool, () throws -> Void)] = [
            ("broken syntax", false, { try Data("{ broken".utf8).write(to: file) }),
            ("restored", true, { try manager.removeItem(at: file); try manager.copyItem(at: original.appendingPathComponent("theme.json5"), to: file) }),
            ("replaced by an older broken file", false, {
                let old = scratch.appendingPathComponent("old.json5")
                try Data("[]".utf8).write(to: old)
                try manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1e9)], ofItemAtPath: old.path)
                #expect(rename(old.path, file.path) == 0)
            }),
            ("a folder", false, { try manager.removeItem(at: file); try manager.createDirectory(at: file, withIntermediateDirectories: false) }),
            ("a FIFO", false, { try manager.removeItem(at: file); #expect(mkfifo(file.path, 0o644) == 0) }),
            ("a symlink to /dev/zero", false, { try manager.removeItem(at: file); try manager.createSymbolicLink(at: file, withDestinationURL: URL(fileURLWithPath: "/dev/zero")) }),
            ("restored again", true, { try manager.removeItem(at: file); try manager.copyItem(at: original.appendingPathComponent("theme.json5"), to: file) }),
            // In place, with an old time: neither the file nor its folder gets a newer modification time.
            ("an asset overwritten in place with an older time", false, {
                let asset = theme.appendingPathComponent("assets/mark.svg")
                try Data("<svg".utf8).write(to: asset)
                try manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1e9)], ofItemAtPath: asset.path)
            }),
            ("an asset removed", false, { try manager.removeItem(at: theme.appendingPathComponent("assets")) }),
            ("the folder deleted", false, { try manager.removeItem(at: theme) }),
            ("the folder made again", true, { try manager.copyItem(at: original, to: theme) }),
        ]
        let watch = try ChildProcess(["preview", "--theme", theme.path, "--watch", "-o", scratch.appendingPathComponent("sheet.png").path])
        var renders = 1
        var failures = 0
        #expect(watch.waitForOutput("re-rendered in", count: renders), "first render: \(watch.stdoutSoFar)")
        for (label, renders_, change) in changes {
            try change()
            if renders_ { renders += 1 } else { failures += 1 }
            let seen = renders_ ? watch.waitForOutput("re-rendered in", count: renders)
                : watch.waitForOutput("the preview failed; watching for changes", count: failures)
            #expect(seen, "after \(label): \(watch.stdoutSoFar)")
        }
        #expect(watch.isRunning, "the watch ended: \(watch.stdoutSoFar)")
        watch.send(SIGKILL)
        let output = try watch.wait(timeout: 60)
        #expect(output.signalled && output.status == SIGKILL, "\(output.status): \(output.stderr)")
        #expect(!output.stderr.contains("Fatal error") && !output.stderr.contains("Stack dump"), "\(output.stderr)")
        for message in ["never closed", "is a folder, not a theme file", "is not a regular file", "asset 'assets/", "not found at"] {
            #expect(output.stderr.contains(message), "no '\(message)' in \(output.stderr)")
        }
    }
}
