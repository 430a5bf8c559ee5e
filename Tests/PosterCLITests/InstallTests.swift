import Foundation
import Testing

/// `scripts/install --prefix P` puts the binary in `P/bin` and the shipped themes in
/// `P/share/nmti-poster/Themes`, and the installed binary finds them with no
/// `NMTI_THEMES_DIR` and no `Themes/` in the working folder, also through a symlink.
@Suite("Install: an installed binary finds its themes")
struct InstallTests {
    /// Runs `executable` in `folder` with `NMTI_THEMES_DIR` removed from the environment.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL, timeout: Double = 120) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let output = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errors = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "NMTI_THEMES_DIR" }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let timedOut = BoundedRun.waitOrKill(process, finished: finished, timeout: timeout)
        #expect(!timedOut, "\(executable.path) \(arguments) did not finish in \(timeout) s")
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8), try String(contentsOf: errors, encoding: .utf8))
    }

    @Test func theInstalledBinaryFindsItsThemes() throws {
        let binary = try #require(Binary.url)
        let prefix = try BoundedRun.scratchFolder("install")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let install = try Self.run(Fixtures.url("scripts/install"), ["--prefix", prefix.path, "--binary", binary.path],
                                   in: Fixtures.packageRoot)
        #expect(install.status == 0, "\(install.stderr)")
        let installed = prefix.appendingPathComponent("bin/nmti-poster")
        for theme in ["classic", "neon", "paper", "receipt"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/nmti-poster/Themes/\(theme)/theme.json5").path))
        }
        // Somewhere with no Themes/ folder, through a symlink on another path.
        let elsewhere = prefix.appendingPathComponent("work/bin")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let link = elsewhere.appendingPathComponent("nmti-poster")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: installed)
        for executable in [installed, link] {
            let list = try Self.run(executable, ["themes", "list"], in: elsewhere)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(["classic", "neon", "paper", "receipt"].allSatisfy(list.stdout.contains), "\(list.stdout)")
        }
        let result = Fixtures.url("Fixtures/results/workplace-PRED.json").path
        let render = try Self.run(link, ["render", result, "--theme", "paper", "-o", "pred.png", "--quiet"], in: elsewhere)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("pred.png").path))
    }

    @Test func installWithoutAPrefixIsAUsageError() throws {
        let install = try Self.run(Fixtures.url("scripts/install"), [], in: Fixtures.packageRoot)
        #expect(install.status == 64)
        #expect(install.stderr.contains("usage: scripts/install --prefix"), "\(install.stderr)")
    }
}
