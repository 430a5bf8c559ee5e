import Foundation
import Testing

/// `render` with many results, run as the real binary: files, folders, JSON Lines
/// from a file and from standard input, names, collisions, hostile ids, bad lines,
/// shards and resume. Every run is bounded by a deadline.
@Suite struct BulkRenderBinaryTests {
    static func line(_ c: Int, _ s: Int, id: String? = nil, nickname: String? = nil) -> String {
        var fields = [#""scores":{"c":\#(c),"s":\#(s),"e":-1,"a":2}"#]
        if let id { fields.append(#""id":\#(id)"#) }
        if let nickname { fields.append(#""nickname":"\#(nickname)""#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A scratch folder holding `results.jsonl` with `lines`; removed by the caller.
    static func jsonl(_ lines: [String]) throws -> (folder: URL, file: URL) {
        let folder = try BoundedRun.scratchFolder("bulk")
        let file = folder.appendingPathComponent("results.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        return (folder, file)
    }

    static func pngs(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test func severalFilesAreNamedByIdOrContentHash() throws {
        let scratch = try BoundedRun.scratchFolder("bulk-files")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        // invited-workplace.json has an id; workplace-PRED.json has none.
        let run = try BoundedRun.run(["render", "Fixtures/results/invited-workplace.json", "Fixtures/results/workplace-PRED.json",
                                      "--out", out.path, "--jobs", "2"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let names = Self.pngs(in: out)
        #expect(names.count == 2)
        #expect(names.contains { $0.hasPrefix("workplace-PRED-") && $0.count == "workplace-PRED-".count + 16 + 4 })
        let id = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.url("Fixtures/results/invited-workplace.json"))) as? [String: Any]
        #expect(names.contains("\(id?["id"] as? String ?? "?").png"))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        let entries = manifest?["entries"] as? [[String: Any]] ?? []
        #expect(Set(entries.compactMap { $0["source"] as? String }) == ["Fixtures/results/invited-workplace.json", "Fixtures/results/workplace-PRED.json"])
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("rendered 2 posters"))
        // The same poster as a one-result render: bulk changes only the name.
        let single = scratch.appendingPathComponent("single.png")
        #expect(try BoundedRun.run(["render", "Fixtures/results/workplace-PRED.json", "-o", single.path, "-q"]).status == 0)
        let bulkPoster = names.first { $0.hasPrefix("workplace-PRED-") }.map { out.appendingPathComponent($0) }
        #expect(try Data(contentsOf: single) == Data(contentsOf: try #require(bulkPoster)))
    }

    @Test func aFolderGivesItsJSONFilesOnly() throws {
        let scratch = try BoundedRun.scratchFolder("bulk-folder")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data(Self.line(1, 1, id: #""b""#).utf8).write(to: input.appendingPathComponent("b.json"))
        try Data(Self.line(2, 2, id: #""a""#).utf8).write(to: input.appendingPathComponent("a.json"))
        try Data(Self.line(3, 3, id: #""sub""#).utf8).write(to: input.appendingPathComponent("sub/c.json"))
        try Data("not a result".utf8).write(to: input.appendingPathComponent("notes.txt"))
        try FileManager.default.createSymbolicLink(at: input.appendingPathComponent("link.json"), withDestinationURL: input.appendingPathComponent("a.json"))
        let out = scratch.appendingPathComponent("out")
        let run = try BoundedRun.run(["render", input.path, "--out", out.path], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.pngs(in: out) == ["a.png", "b.png"])
        // Not a terminal: one plain progress line per poster, in any order.
        let progress = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect(progress.count == 2 && progress.allSatisfy { $0.hasPrefix("[1/2] ok ") || $0.hasPrefix("[2/2] ok ") })
    }

    @Test func aBadLineIsReportedWithItsLineNumberAndTheOthersRendered() throws {
        let (scratch, file) = try Self.jsonl([
            Self.line(1, 1, id: #""u1""#),
            #"{"scores":{"c":1,"s":"x","e":0,"a":0}}"#,
            "",
            Self.line(-4, 2),
        ])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let run = try BoundedRun.run(["render", "--results", file.path, "--out", out.path], timeout: 120)
        #expect(run.status == 1)
        #expect(run.stderrLines.contains { $0.hasPrefix("failed: \(file.path):2: scores.s: ") })
        #expect(run.stderrLines.last == "nmti-poster: error: 1 of 3 results failed; the others were rendered into \(out.path)")
        #expect(Self.pngs(in: out).count == 2)
        #expect(Self.pngs(in: out).contains("u1.png"))
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("; 1 failed"))
    }

    @Test func jsonLinesFromStandardInput() throws {
        let scratch = try BoundedRun.scratchFolder("bulk-stdin")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let input = Data([Self.line(1, -1, id: #""s1""#), Self.line(-1, 1), "{"].joined(separator: "\n").utf8)
        let run = try Self.runWithInput(["render", "--results", "-", "--out", out.path, "-q"], input: input)
        #expect(run.status == 1)
        #expect(run.stderr.contains("failed: <stdin>:3: $: not valid JSON"))
        #expect(Self.pngs(in: out).count == 2 && Self.pngs(in: out).contains("s1.png"))
        #expect(run.stdout.isEmpty)
    }

    @Test func hostileIdsAndCollisionsFailAloneAndNothingLeavesTheFolder() throws {
        let long = String(repeating: "a", count: 101)
        let (scratch, file) = try Self.jsonl([
            Self.line(1, 1, id: #""../x""#),
            Self.line(1, 2, id: #""/etc/passwd""#),
            Self.line(1, 3, id: #""a\u0000b""#),
            Self.line(1, 4, id: "\"\(long)\""),
            Self.line(1, 5, id: #"".""#),
            Self.line(1, 6, id: #""ok""#),
            Self.line(1, 7, id: #""ok""#),
            Self.line(1, 8, id: "12"),
        ])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let run = try BoundedRun.run(["render", "--results", file.path, "--out", out.path, "-q"], timeout: 120)
        #expect(run.status == 1)
        let failed = run.stderrLines.filter { $0.hasPrefix("failed: ") }
        #expect(failed.count == 7)
        for number in 1...5 {
            #expect(failed.contains { $0.hasPrefix("failed: \(file.path):\(number): id: ") && $0.contains("cannot name a poster file") })
        }
        #expect(failed.contains { $0.hasPrefix("failed: \(file.path):7: id: 'ok' is also the id of \(file.path):6") })
        #expect(failed.contains { $0.hasPrefix("failed: \(file.path):8: id: expected a string") })
        #expect(Self.pngs(in: out) == ["ok.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["out", "results.jsonl"])
        #expect(!FileManager.default.fileExists(atPath: "/etc/passwd.png"))
    }

    @Test func aSymlinkOrFolderUnderAPosterNameIsRefusedNotFollowed() throws {
        let (scratch, file) = try Self.jsonl([Self.line(1, 1, id: #""link""#), Self.line(2, 2, id: #""dir""#), Self.line(3, 3, id: #""fine""#)])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let victim = scratch.appendingPathComponent("victim.txt")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("link.png"), withDestinationURL: victim)
        let run = try BoundedRun.run(["render", "--results", file.path, "--out", out.path, "-q"], timeout: 120)
        #expect(run.status == 73)
        #expect(run.stderrLines.filter { $0.hasPrefix("failed: \(file.path):1: link.png: ") || $0.hasPrefix("failed: \(file.path):2: dir.png: ") }.count == 2)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("fine.png").path))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("link.png").path) == victim.path)
    }

    @Test func shardsSplitTheInputAndResumeKeepsFinishedPosters() throws {
        let (scratch, file) = try Self.jsonl((1...3).map { Self.line($0, -$0, id: "\"r\($0)\"") })
        defer { try? FileManager.default.removeItem(at: scratch) }
        let first = scratch.appendingPathComponent("s1")
        let second = scratch.appendingPathComponent("s2")
        #expect(try BoundedRun.run(["render", "--results", file.path, "--out", first.path, "--shard", "1/2", "-q"], timeout: 120).status == 0)
        #expect(try BoundedRun.run(["render", "--results", file.path, "--out", second.path, "--shard", "2/2", "-q"], timeout: 120).status == 0)
        #expect(Self.pngs(in: first) == ["r1.png", "r3.png"])
        #expect(Self.pngs(in: second) == ["r2.png"])
        // The two shards' manifests merge into one.
        let merged = scratch.appendingPathComponent("merged.json")
        let merge = try BoundedRun.run(["manifest", "merge", first.appendingPathComponent("manifest.json").path,
                                        second.appendingPathComponent("manifest.json").path, "-o", merged.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        try FileManager.default.removeItem(at: first.appendingPathComponent("r3.png"))
        let resumed = try BoundedRun.run(["render", "--results", file.path, "--out", first.path, "--shard", "1/2", "--resume"], timeout: 120)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(String(decoding: resumed.stdout, as: UTF8.self).contains("rendered 2 posters (1 kept from an earlier run)"))
        #expect(Self.pngs(in: first) == ["r1.png", "r3.png"])
    }

    @Test func anInterruptedBulkRenderLeavesNoTemporaryFileAndResumes() throws {
        let (scratch, file) = try Self.jsonl((1...3).map { Self.line($0, $0, id: "\"k\($0)\"") })
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let started = try InterruptTests.start(["render", "--results", file.path, "--out", out.path, "--jobs", "2", "-q"])
        #expect(InterruptTests.waitForTemporaryFile(in: out, while: started.process))
        let (status, _, stderr) = try started.interrupt(SIGTERM)
        #expect(status == 143, "\(stderr)")
        #expect(!BoundedRun.contents(of: out).contains { $0.hasSuffix(".tmp") })
        let resumed = try BoundedRun.run(["render", "--results", file.path, "--out", out.path, "--resume", "-q"], timeout: 120)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(Self.pngs(in: out) == ["k1.png", "k2.png", "k3.png"])
    }

    @Test(arguments: [
        (["render", "a.json", "b.json", "-o", "x.png"], "-o names one poster file"),
        (["render", "Fixtures/results", "-o", "x.png"], "-o names one poster file"),
        (["render", "a.json", "--out", "o", "--layout-json", "l.json"], "--layout-json writes the layout of one poster"),
        (["render", "a.json", "b.json"], "need --out <dir>"),
        (["render", "Fixtures/results"], "need --out <dir>"),
        (["render", "a.json", "-", "--out", "o"], "use --results -"),
        (["render", "a.json", "--results", "r.jsonl", "--out", "o"], "not both"),
        (["render", "a.json", "--shard", "1/2"], "--shard is for rendering many results"),
        (["render", "a.json", "--resume", "-o", "x.png"], "--resume is for rendering many results"),
        (["render", "--results", "r.jsonl"], "need --out <dir>"),
        (["render", "--out", "o"], "--out needs results"),
        (["render", "--results", "r.jsonl", "--out", "o", "--shard", "3/2"], "--shard must be K/N"),
        (["render"], "missing argument <result>"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let run = try BoundedRun.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func aMissingResultsFileIsNoInput() throws {
        let scratch = try BoundedRun.scratchFolder("bulk-missing")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try BoundedRun.run(["render", "--results", scratch.appendingPathComponent("nope.jsonl").path,
                                      "--out", scratch.appendingPathComponent("out").path])
        #expect(run.status == 66)
        #expect(run.stderr.contains("nope.jsonl: no such file"))
    }

    /// Runs the tool with `input` on standard input, killed after `timeout` seconds.
    static func runWithInput(_ arguments: [String], input: Data, timeout: Double = 120) throws -> (status: Int32, stdout: Data, stderr: String) {
        guard let url = Binary.url else { throw Binary.BinaryNotFound() }
        let scratch = try BoundedRun.scratchFolder("stdin")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = ["in", "out", "err"].map { scratch.appendingPathComponent($0) }
        try input.write(to: files[0])
        try Data().write(to: files[1])
        try Data().write(to: files[2])
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        process.standardInput = try FileHandle(forReadingFrom: files[0])
        process.standardOutput = try FileHandle(forWritingTo: files[1])
        process.standardError = try FileHandle(forWritingTo: files[2])
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let timedOut = BoundedRun.waitOrKill(process, finished: finished, timeout: timeout)
        #expect(!timedOut)
        return (process.terminationStatus, try Data(contentsOf: files[1]), String(decoding: try Data(contentsOf: files[2]), as: UTF8.self))
    }
}
