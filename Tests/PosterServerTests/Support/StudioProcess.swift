import Foundation

/// A real `nmti-poster studio --port 0` process over a copy of a shipped theme, started
/// for a test and always stopped (SIGTERM, then SIGKILL after a deadline).
final class StudioProcess: @unchecked Sendable {
    let process = Process()
    let scratch: URL
    /// The theme folder the studio watches (a copy the test may edit).
    let theme: URL
    private let stdoutURL: URL
    private let stderrURL: URL
    private(set) var url = ""
    private let finished = DispatchSemaphore(value: 0)

    /// Copies `Themes/<theme>` into a scratch folder and starts a studio on it; waits (at
    /// most 120 s) for the address it prints.
    init(theme name: String = "classic", arguments: [String] = []) throws {
        guard let binary = ServerProcess.binary else { throw ServerProcess.StartFailure(description: "nmti-poster not built") }
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-studio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        theme = scratch.appendingPathComponent(name)
        try FileManager.default.copyItem(at: ServerProcess.packageRoot.appendingPathComponent("Themes/\(name)"), to: theme)
        stdoutURL = scratch.appendingPathComponent("stdout")
        stderrURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        process.executableURL = binary
        process.arguments = ["studio", "--port", "0", "--theme", theme.path] + arguments
        process.currentDirectoryURL = ServerProcess.packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        let finished = finished
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            let said = stdout
            if let start = said.range(of: "http://127.0.0.1:"), let end = said[start.lowerBound...].firstIndex(of: "/", after: 2) {
                url = String(said[start.lowerBound...end])
                return
            }
            usleep(50_000)
        }
        let said = stdout + stderr
        stop()
        throw ServerProcess.StartFailure(description: "the studio did not start: \(said)")
    }

    var stdout: String { String(decoding: (try? Data(contentsOf: stdoutURL)) ?? Data(), as: UTF8.self) }
    var stderr: String { String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self) }

    /// The page's address plus `path` (without its leading slash).
    func url(_ path: String) -> String { url + (path.hasPrefix("/") ? String(path.dropFirst()) : path) }

    /// The theme file of the copy.
    var themeFile: URL { theme.appendingPathComponent("theme.json5") }

    /// Rewrites the theme file as an editor does: a new file renamed over the old one.
    func save(_ text: String) throws {
        try Data(text.utf8).write(to: themeFile, options: .atomic)
    }

    /// SIGTERM, wait up to 30 s (then SIGKILL); the exit status, nil if killed. Removes the scratch folder.
    @discardableResult
    func stop() -> Int32? {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        var status: Int32?
        if finished.wait(timeout: .now() + 30) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        } else if process.terminationReason == .exit {
            status = process.terminationStatus
        }
        finished.signal()
        try? FileManager.default.removeItem(at: scratch)
        return status
    }
}

extension Substring {
    /// The first index of `character` after skipping `count` of them.
    fileprivate func firstIndex(of character: Character, after count: Int) -> Index? {
        var seen = 0
        for index in indices where self[index] == character {
            seen += 1
            if seen > count { return index }
        }
        return nil
    }
}
