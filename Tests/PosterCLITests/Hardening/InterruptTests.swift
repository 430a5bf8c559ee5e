import Foundation
import Testing
import TestSupport

/// SIGINT, SIGTERM and SIGHUP during a write, through the real binary: the temporary
/// files in flight are removed and the tool exits with 128 + the signal.
///
/// `RenameHold` (a preloaded library whose `rename` never returns) makes the writer stop
/// between writing its temporary file and renaming it, so the signal always lands while
/// one exists; the tool itself has no test hook.
@Suite("Hardening: interrupted writes")
struct InterruptTests {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let names = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"]

    /// A started tool, its standard error collected in a file.
    struct Started {
        let process: Process
        let stderr: URL
        let scratch: URL

        /// Sends `signal`, waits (at most a minute, then SIGKILL) and returns the exit status and standard error.
        func interrupt(_ signal: Int32) throws -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            defer { try? FileManager.default.removeItem(at: scratch) }
            return (process.terminationStatus, process.terminationReason,
                    String(decoding: try Data(contentsOf: stderr), as: UTF8.self))
        }
    }

    static func start(_ arguments: [String], hold: Bool = true, executable: URL? = nil) throws -> Started {
        guard let url = executable ?? Binary.url else { throw Binary.BinaryNotFound() }
        let scratch = try BoundedRun.scratchFolder("signal-run")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: errURL)
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        var environment = ProcessInfo.processInfo.environment
        if hold { environment.merge(try RenameHold.environment()) { _, preloaded in preloaded } }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        return Started(process: process, stderr: errURL, scratch: scratch)
    }

    /// Waits until a `*.tmp` file exists under `folder` (at most a minute); whether one appeared.
    static func waitForTemporaryFile(in folder: URL, while process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && process.isRunning {
            if BoundedRun.contents(of: folder).contains(where: { $0.hasSuffix(".tmp") }) { return true }
            usleep(20_000)
        }
        return false
    }

    @Test(arguments: signals)
    func anInterruptedRenderLeavesNoTemporaryFile(signal: Int32) throws {
        let folder = try BoundedRun.scratchFolder("signal-render")
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = try Self.start(["render", "Fixtures/results/workplace-PRED.json", "-o", folder.appendingPathComponent("x.png").path])
        #expect(Self.waitForTemporaryFile(in: folder, while: started.process))
        let (status, reason, stderr) = try started.interrupt(signal)
        #expect(reason == .exit && status == 128 + signal, "\(reason) \(status) \(stderr)")
        #expect(stderr == "nmti-poster: error: interrupted by \(Self.names[signal]!); removed 1 temporary file\n")
        #expect(BoundedRun.contents(of: folder).isEmpty, "\(BoundedRun.contents(of: folder))")
    }

    @Test(arguments: signals)
    func anInterruptedBatchLeavesNoTemporaryFile(signal: Int32) throws {
        let folder = try BoundedRun.scratchFolder("signal-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = try Self.start(["batch", "--pack", "student", "--jobs", "2", "--quiet", "--out", folder.path])
        #expect(Self.waitForTemporaryFile(in: folder, while: started.process))
        let (status, reason, stderr) = try started.interrupt(signal)
        #expect(reason == .exit && status == 128 + signal, "\(reason) \(status) \(stderr)")
        #expect(stderr.hasPrefix("nmti-poster: error: interrupted by \(Self.names[signal]!); removed "), "\(stderr)")
        let left = BoundedRun.contents(of: folder)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
        #expect(!left.contains { $0.hasSuffix(".png") }, "held before every rename, so no poster is finished: \(left)")
    }

    @Test func aSignalIgnoredAtStartStaysIgnored() throws {
        // As under nohup: the shell ignores SIGHUP, then becomes the tool.
        let folder = try BoundedRun.scratchFolder("signal-nohup")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let binary = Binary.url else { throw Binary.BinaryNotFound() }
        let output = folder.appendingPathComponent("x.png").path
        let started = try Self.start(["-c", "trap '' HUP; exec \"$0\" render Fixtures/results/workplace-PRED.json -o \"$1\"",
                                      binary.path, output], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(Self.waitForTemporaryFile(in: folder, while: started.process))
        kill(started.process.processIdentifier, SIGHUP)
        // Nothing to wait for when a signal is ignored; a lost SIGHUP shows as the status below.
        usleep(200_000)
        #expect(started.process.isRunning)
        let (status, reason, stderr) = try started.interrupt(SIGTERM)
        #expect(reason == .exit && status == 143, "\(reason) \(status) \(stderr)")
        #expect(BoundedRun.contents(of: folder).isEmpty, "\(BoundedRun.contents(of: folder))")
    }

    @Test func aRenderBlockedOnAFIFOStopsCleanlyAndTheFIFOStays() throws {
        let folder = try BoundedRun.scratchFolder("signal-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("nobody-reads.png").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let started = try Self.start(["render", "Fixtures/results/workplace-PRED.json", "-o", fifo], hold: false)
        // Opening a FIFO nobody reads blocks; wait until the tool is asleep in it.
        let deadline = Date().addingTimeInterval(60)
        func waiting() -> Bool {
            let stat = (try? String(contentsOfFile: "/proc/\(started.process.processIdentifier)/wchan", encoding: .utf8)) ?? ""
            return stat.contains("wait_for_partner") || stat.contains("fifo")
        }
        while Date() < deadline && started.process.isRunning && !waiting() { usleep(20_000) }
        let (status, reason, stderr) = try started.interrupt(SIGTERM)
        #expect(reason == .exit && status == 143, "\(reason) \(status) \(stderr)")
        #expect(stderr == "nmti-poster: error: interrupted by SIGTERM; removed 0 temporary files\n")
        #expect(OutputTargetTests.kind(fifo) == S_IFIFO)
        #expect(BoundedRun.contents(of: folder) == ["nobody-reads.png"])
    }
}
