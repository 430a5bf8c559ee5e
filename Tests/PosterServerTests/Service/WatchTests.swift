import Foundation
import Testing

/// `--watch`: a changed theme is reloaded; a reload that fails keeps the last good theme.
@Suite struct WatchTests {
    @Test func failedReloadKeepsTheLastGoodTheme() throws {
        let themes = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-serve-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: themes) }
        let folder = themes.appendingPathComponent("classic")
        try FileManager.default.copyItem(at: ServerProcess.packageRoot.appendingPathComponent("Themes/classic"), to: folder)
        let server = try ServerProcess(["--watch", "--themes", themes.path])
        defer { server.stop() }
        let url = server.url("/v1/posters/classic.png?c=1&s=1&e=1&a=1")
        let before = try Curl.request(url)
        #expect(before.status == 200)

        let file = folder.appendingPathComponent("theme.json5")
        let good = try String(contentsOf: file, encoding: .utf8)
        try (good + "\n}}} broken").write(to: file, atomically: true, encoding: .utf8)
        #expect(waitFor(server, "\"event\":\"theme-reload-failed\""))
        let kept = try Curl.request(url)
        #expect(kept.status == 200)
        #expect(kept.headers["etag"] == before.headers["etag"])

        // A valid edit (here a comment: the layout file's content digest changes) is picked up, with a new ETag.
        try (good + "\n// edited\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(waitFor(server, "\"event\":\"theme-reloaded\""))
        let reloaded = try Curl.request(url)
        #expect(reloaded.status == 200)
        #expect(reloaded.headers["etag"] != before.headers["etag"])
    }

    /// Polls the server's log for `text` for at most 20 s.
    func waitFor(_ server: ServerProcess, _ text: String) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if server.stderr.contains(text) { return true }
            usleep(100_000)
        }
        return false
    }
}
