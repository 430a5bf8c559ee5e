import Foundation
import Testing

/// A closed or full standard output never crashes a command: every command that
/// prints exits 74 with one error line naming `<stdout>`, through the real binary.
/// `batch` still writes every poster and its manifest, and `--resume` keeps them.
@Suite("Hardening: closed and full standard output", .serialized)
struct StreamTests {
    static let result = "Fixtures/results/workplace-PRED.json"

    /// Every command's stdout-writing paths; `{tmp}` is replaced by a scratch folder.
    static let commands: [[String]] = [
        ["--help"], ["--version"], ["batch", "--help"], ["manifest", "merge", "--help"],
        ["resolve", result], ["render", result, "-o", "-"],
        ["themes", "list"], ["themes", "validate", "Fixtures/lint-themes/no-qr"],
        ["preview", "--theme", "classic", "-o", "{tmp}/sheet.png"],
        ["golden", "check", "--theme", "paper", "--report", "{tmp}/report"],
        ["manifest", "merge", "{tmp}/manifest.json"],
    ]

    static var sinks: [(ChildProcess.Stdout, String)] {
        var sinks: [(ChildProcess.Stdout, String)] = [(.closedPipe, "broken pipe")]
        if FileManager.default.fileExists(atPath: "/dev/full") { sinks.append((.path("/dev/full"), "no space left on device")) }
        return sinks
    }

    @Test(arguments: commands)
    func aCommandWhoseStandardOutputFailsExits74WithOneLine(arguments: [String]) throws {
        let scratch = try BoundedRun.scratchFolder("stream")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let manifest = #"{"entries": [], "version": 1}"#
        try Data(manifest.utf8).write(to: scratch.appendingPathComponent("manifest.json"))
        let words = arguments.map { $0.replacingOccurrences(of: "{tmp}", with: scratch.path) }
        for (sink, reason) in Self.sinks {
            let output = try ChildProcess.run(words, stdout: sink)
            #expect(!output.signalled && !output.timedOut, "\(words) with \(reason): \(output.stderr)")
            #expect(output.status == 74, "\(words) with \(reason): \(output.stderr)")
            #expect(output.stderr == "nmti-poster: error: <stdout>: \(reason)\n", "\(words)")
        }
    }

    @Test func aBatchWhoseProgressCannotBeWrittenStillCompletesAndResumes() throws {
        for (sink, reason) in Self.sinks {
            let folder = try BoundedRun.scratchFolder("stream-batch")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try ChildProcess.run(["batch", "--out", folder.path, "--pack", "student", "--jobs", "2"], stdout: sink)
            #expect(!output.signalled && !output.timedOut, "\(reason): \(output.stderr)")
            #expect(output.status == 74, "\(reason): \(output.stderr)")
            #expect(output.stderrLines.count == 1, "\(output.stderr)")
            #expect(output.stderr.hasPrefix("nmti-poster: error: <stdout>: \(reason); the batch was completed anyway (16 posters"),
                    "\(output.stderr)")
            let hashes = try OutputFaultTests.manifestHashes(folder)
            #expect(hashes.count == 16)
            for (file, hash) in hashes {
                #expect(OutputFaultTests.sha256(try Data(contentsOf: folder.appendingPathComponent(file))) == hash)
            }
            let resumed = try ChildProcess.run(["batch", "--out", folder.path, "--pack", "student", "--resume"])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(resumed.stdout.contains("(16 kept from the interrupted run)"), "\(resumed.stdout)")
            #expect(try OutputFaultTests.manifestHashes(folder) == hashes)
        }
    }
}
