import Foundation

/// Runs the built `nmti-poster` with a chosen standard output (a file, a pipe whose
/// read end is already closed, a device such as /dev/full), optionally as an
/// unprivileged user, and with a deadline so that a test fails instead of hanging.
final class ChildProcess {
    /// Where the child's standard output goes.
    enum Stdout {
        case file
        case closedPipe
        case path(String)
    }

    struct Output {
        var status: Int32
        var signalled: Bool
        var timedOut: Bool
        var stdout: String
        var stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    /// Whether `unprivileged` runs can drop to another user: always when not root,
    /// and as root only through setpriv(1) (util-linux), to uid/gid 65534 (nobody).
    static let canRunUnprivileged = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    private let process = Process()
    private let scratch: URL
    private let outURL: URL
    private let errURL: URL
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the tool in the package root.
    init(_ arguments: [String], stdout: Stdout = .file, environment: [String: String] = [:],
         unprivileged: Bool = false) throws {
        guard let binary = Binary.url else { throw Binary.BinaryNotFound() }
        scratch = try BoundedRun.scratchFolder("child")
        outURL = scratch.appendingPathComponent("stdout")
        errURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        if unprivileged, getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = Fixtures.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        var pipe: Pipe?
        switch stdout {
        case .file: process.standardOutput = try FileHandle(forWritingTo: outURL)
        case .path(let path): process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        case .closedPipe:
            let closed = Pipe()
            // Closed before the child starts: its first write to standard output fails with EPIPE.
            try closed.fileHandleForReading.close()
            process.standardOutput = closed
            pipe = closed
        }
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.terminationHandler = { [finished] _ in finished.signal() }
        try process.run()
        try? pipe?.fileHandleForWriting.close()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Runs to the end (or the deadline) and returns what the tool did.
    static func run(_ arguments: [String], stdout: Stdout = .file, environment: [String: String] = [:],
                    unprivileged: Bool = false, timeout: Double = 300) throws -> Output {
        try ChildProcess(arguments, stdout: stdout, environment: environment, unprivileged: unprivileged).wait(timeout: timeout)
    }

    /// Standard output so far (for `.file`).
    var stdoutSoFar: String { String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self) }

    /// Waits until standard output has `count` lines containing `text`; false if the
    /// child ended or the deadline passed first.
    func waitForOutput(_ text: String, count: Int, timeout: Double = 120) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdoutSoFar.components(separatedBy: "\n").filter({ $0.contains(text) }).count >= count { return true }
            guard process.isRunning else { return false }
            usleep(50_000)
        }
        return false
    }

    /// Whether the child is still running.
    var isRunning: Bool { process.isRunning }

    /// Sends a signal, such as SIGINT for Ctrl-C.
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the child to end, killing it at the deadline.
    func wait(timeout: Double = 300) throws -> Output {
        let timedOut = BoundedRun.waitOrKill(process, finished: finished, timeout: timeout)
        return Output(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
            stdout: stdoutSoFar, stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
