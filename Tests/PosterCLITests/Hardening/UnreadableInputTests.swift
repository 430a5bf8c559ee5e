import Foundation
import Testing

/// A file that exists but cannot be read (mode 000) is missing input: status 66
/// and "permission denied", for a result, a theme file and a manifest.
///
/// Root reads a mode-000 file anyway, so as root the binary runs as uid/gid 65534
/// through setpriv(1); without setpriv these tests are disabled (and say so)
/// rather than passing without checking anything.
@Suite("Hardening: unreadable input", .enabled(if: ChildProcess.canRunUnprivileged, "needs a non-root user or setpriv"))
struct UnreadableInputTests {
    /// A scratch folder (readable by everyone) holding `name` with mode 000.
    static func unreadable(_ name: String, contents: Data) throws -> (folder: URL, file: URL) {
        let folder = try BoundedRun.scratchFolder("unreadable")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        return (folder, file)
    }

    @Test func anUnreadableResultExits66() throws {
        let (folder, file) = try Self.unreadable("result.json", contents: try Data(contentsOf: Fixtures.url("Fixtures/results/workplace-PRED.json")))
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try ChildProcess.run(["resolve", file.path], unprivileged: true)
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stderr == "nmti-poster: error: \(file.path): permission denied\n")
    }

    @Test func anUnreadableThemeFileExits66() throws {
        let (folder, file) = try Self.unreadable("t/theme.json5", contents: try Data(contentsOf: Fixtures.url("Themes/paper/theme.json5")))
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try ChildProcess.run(
            ["render", "Fixtures/results/workplace-PRED.json", "--theme", file.deletingLastPathComponent().path, "-o", "-"],
            unprivileged: true)
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stderr == "nmti-poster: error: \(file.path): permission denied\n")
    }

    @Test func anUnreadableAssetExits66() throws {
        let (folder, file) = try Self.unreadable("t/mark.png", contents: try Data(contentsOf: Fixtures.url("Fixtures/bad-themes/png-truncated/assets/a.png")))
        defer { try? FileManager.default.removeItem(at: folder) }
        let theme = folder.appendingPathComponent("t")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: theme.path)
        try Data(#"{ name: "t", elements: [{ type: "image", src: "mark.png", x: 0, y: 0, width: 10, height: 10 }] }"#.utf8)
            .write(to: theme.appendingPathComponent("theme.json5"))
        let output = try ChildProcess.run(
            ["render", "Fixtures/results/workplace-PRED.json", "--theme", theme.path, "-o", "-"], unprivileged: true)
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stderr.hasSuffix("elements[0].src: asset 'mark.png': cannot be read: permission denied\n"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func anUnreadableManifestExits66() throws {
        let (folder, file) = try Self.unreadable("manifest.json", contents: Data(#"{"version": 1, "entries": []}"#.utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try ChildProcess.run(["manifest", "merge", file.path], unprivileged: true)
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stderr == "nmti-poster: error: \(file.path): permission denied\n")
    }
}
