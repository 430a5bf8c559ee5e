import Foundation

/// A real `nmti-poster serve` process on 127.0.0.1 with port 0, started for a test
/// and always stopped (SIGTERM, then SIGKILL after a deadline).
final class ServerProcess: @unchecked Sendable {
    /// The package root (three folders above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The built executable: `$NMTI_POSTER_BINARY`, next to the test bundle, or `.build/debug`.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["NMTI_POSTER_BINARY"] { candidates.append(URL(fileURLWithPath: path)) }
        for base in [Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL] {
            guard let base else { continue }
            candidates.append(base.appendingPathComponent("nmti-poster"))
            candidates.append(base.deletingLastPathComponent().appendingPathComponent("nmti-poster"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/nmti-poster"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    let process = Process()
    let scratch: URL
    let stderrURL: URL
    private(set) var port: UInt16 = 0
    private let finished = DispatchSemaphore(value: 0)

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts the server with `arguments` after `serve --port 0` and waits (at most 120 s) for its
    /// `listening` event; with `openFiles`, under that open-file limit (soft and hard, `prlimit`).
    init(_ arguments: [String] = [], openFiles: Int? = nil) throws {
        guard let binary = Self.binary else { throw StartFailure(description: "nmti-poster not built") }
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-serve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        stderrURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: stderrURL)
        let themes = arguments.contains("--themes") ? [] : ["--themes", Self.packageRoot.appendingPathComponent("Themes").path]
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--nofile=\(openFiles):\(openFiles)", "--", binary.path, "serve", "--port", "0"] + themes + arguments
        } else {
            process.executableURL = binary
            process.arguments = ["serve", "--port", "0"] + themes + arguments
        }
        process.currentDirectoryURL = Self.packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        let finished = finished
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if let event = events.first(where: { $0["event"] as? String == "listening" }), let port = event["port"] as? Int {
                self.port = UInt16(port)
                return
            }
            guard process.isRunning else { break }
            usleep(50_000)
        }
        let said = stderr
        stop()
        throw StartFailure(description: "the server did not start: \(said)")
    }

    /// Everything written on standard error so far.
    var stderr: String {
        String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
    }

    /// `http://127.0.0.1:<port>` plus `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Sends a signal.
    func signal(_ number: Int32) {
        if process.isRunning { kill(process.processIdentifier, number) }
    }

    /// Waits for the process to exit (at most `timeout` s, then SIGKILL); its exit status, nil if killed.
    @discardableResult
    func waitForExit(timeout: Double) -> Int32? {
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            finished.signal()
            return nil
        }
        finished.signal()
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// SIGTERM, wait up to 30 s, and remove the scratch folder.
    func stop() {
        signal(SIGTERM)
        waitForExit(timeout: 30)
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The access-log lines (JSON objects with a `status`).
    var accessLog: [[String: Any]] {
        jsonLines.filter { $0["status"] != nil }
    }

    /// The service events (JSON objects with an `event`).
    var events: [[String: Any]] {
        jsonLines.filter { $0["event"] != nil }
    }

    /// Every JSON object line on standard error.
    var jsonLines: [[String: Any]] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("{") else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }
}
