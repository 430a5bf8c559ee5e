import Foundation
import PosterGraphics
import NMTIDomain
import Testing
import TestSupport
@testable import PosterBatch
@testable import PosterKit
@testable import PosterFiles
@testable import PosterHashing

@Suite struct ResultStreamTests {
    static let renderer = Result { try PosterRenderer() }

    /// A result line with the given scores and optional id and nickname.
    static func line(_ c: Int, _ s: Int, id: String? = nil, nickname: String? = nil) -> String {
        var fields = [#""scores":{"c":\#(c),"s":\#(s),"e":1,"a":-2}"#]
        if let id { fields.append(#""id":"\#(id)""#) }
        if let nickname { fields.append(#""nickname":"\#(nickname)""#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    func write(_ lines: [String]) throws -> URL {
        let file = try TestScratch.folder("bulk-in").appendingPathComponent("results.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        return file
    }

    func run(_ file: URL, into folder: URL, shard: BatchPlan.Shard? = nil, resume: Bool = false) throws -> RunEngine.Report {
        let results = try ResultStream(.lines(file.path), theme: try sharedStore.theme("classic"), shard: shard)
        return try RunEngine(renderer: try Self.renderer.get()).run(results, into: folder, resume: resume)
    }

    @Test func badLinesAreReportedInOrderAndTheOthersRendered() throws {
        let file = try write([
            Self.line(1, 1, id: "u-1"),
            #"{"scores":{"c":1.5,"s":0,"e":0,"a":0}}"#,
            "",
            Self.line(2, -3, nickname: "Ann"),
            Self.line(-1, 1, id: "u-1"),
            Self.line(-2, 2, id: "../x"),
            Self.line(2, -3, nickname: "Ann"),
            "not json",
        ])
        let folder = try TestScratch.folder("bulk-out")
        let report = try run(file, into: folder)
        #expect(report.results == 7)
        #expect(report.failures.map(\.file) == ["\(file.path):2", "\(file.path):5", "\(file.path):6", "\(file.path):7", "\(file.path):8"])
        #expect(report.failures[0].message.hasPrefix("scores.c: "))
        #expect(report.failures[1].message.contains("'u-1' is also the id of \(file.path):1"))
        #expect(report.failures[2].message.hasPrefix("id: '../x' cannot name a poster file"))
        #expect(report.failures[3].message.contains("the same result as \(file.path):4"))
        #expect(report.failures[4].message.hasPrefix("$: not valid JSON"))
        let hash = ResultNames.contentHash(of: try QuizResult(jsonData: Data(Self.line(2, -3, nickname: "Ann").utf8)))
        let files = report.manifest.entries.map(\.file).sorted()
        #expect(files == ["u-1.png", "workplace-POEM-\(hash.prefix(16)).png"].sorted())
        #expect(report.manifest.entries.first { $0.file == "u-1.png" }?.source == "\(file.path):1")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(onDisk == (files + [RunEngine.lockName, Manifest.fileName]).sorted())
        // The manifest on disk reads back (every entry passes the entry check) and matches the files.
        let manifest = try Manifest.read(folder.appendingPathComponent(Manifest.fileName))
        for entry in manifest.entries {
            let data = try Data(contentsOf: folder.appendingPathComponent(entry.file))
            #expect(SHA256.hex(data) == entry.sha256)
        }
    }

    @Test func shardsAreDisjointAndCoverTheInput() throws {
        let file = try write((0..<5).map { Self.line($0, 1, id: "r\($0)") })
        var seen: [String] = []
        for index in 1...2 {
            let report = try run(file, into: try TestScratch.folder("bulk-shard"), shard: BatchPlan.Shard("\(index)/2"))
            #expect(report.failures.isEmpty)
            #expect(report.manifest.shard == "\(index)/2")
            seen += report.manifest.entries.map(\.file)
        }
        #expect(seen.sorted() == (0..<5).map { "r\($0).png" })
        #expect(ResultStream.shardSize(5, BatchPlan.Shard("1/2")!) == 3 && ResultStream.shardSize(5, BatchPlan.Shard("2/2")!) == 2)
    }

    @Test func resumeKeepsIntactPostersOfTheSameResultOnly() throws {
        let folder = try TestScratch.folder("bulk-resume")
        let file = try write([Self.line(1, 1, id: "a"), Self.line(2, 2, id: "b"), Self.line(3, 3, id: "c")])
        let first = try run(file, into: folder)
        #expect(first.failures.isEmpty && first.reused == 0)
        let damagedURL = folder.appendingPathComponent("b.png")
        try Data("damaged".utf8).write(to: damagedURL)
        // `c` now has another nickname: its old poster shows another result.
        let changed = try write([Self.line(1, 1, id: "a"), Self.line(2, 2, id: "b"), Self.line(3, 3, id: "c", nickname: "Zoe")])
        let second = try run(changed, into: folder, resume: true)
        #expect(second.failures.isEmpty)
        #expect(second.reused == 1)
        let entries = Dictionary(uniqueKeysWithValues: second.manifest.entries.map { ($0.file, $0) })
        #expect(entries["a.png"]?.sha256 == first.manifest.entries.first { $0.file == "a.png" }?.sha256)
        #expect(SHA256.hex(try Data(contentsOf: damagedURL)) == entries["b.png"]?.sha256)
        #expect(entries["c.png"]?.result != first.manifest.entries.first { $0.file == "c.png" }?.result)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(RunEngine.journalName).path))
    }

    @Test func aMissingResultsFileStopsTheRunBeforeAnythingIsWritten() throws {
        let folder = try TestScratch.folder("bulk-missing").appendingPathComponent("out")
        #expect(throws: ResultStream.InputError.self) { try run(URL(fileURLWithPath: "/nonexistent/results.jsonl"), into: folder) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func temporaryNamesAreRecognisedExactly() throws {
        let poster = AtomicWriter.temporaryParts(of: ".u-1.png.1234.00000000000000ab.tmp")
        #expect(poster?.stem == "u-1.png" && poster?.pid == 1234)
        #expect(AtomicWriter.temporaryParts(of: ".manifest.json.77.0123456789abcdef.tmp")?.stem == "manifest.json")
        #expect(AtomicWriter.temporaryParts(of: ".u-1.png.1234.00ab.tmp") == nil)
        #expect(AtomicWriter.temporaryParts(of: ".u-1.png.0.00000000000000ab.tmp") == nil)
        #expect(AtomicWriter.temporaryParts(of: ".u-1.png.1234.tmp") == nil, "an older writer's name is not ours to sweep")
        #expect(AtomicWriter.temporaryParts(of: "u-1.png") == nil)
        let stream = try ResultStream(.files([]), theme: try sharedStore.theme("classic"))
        #expect(stream.ownsTemporaryFile(stem: "u-1.png", in: "") && !stream.ownsTemporaryFile(stem: "notes.txt", in: ""))
    }
}

@Suite struct ResultNamesTests {
    @Test func namesComeFromTheIdElseFromThePackCodeAndHash() throws {
        let withID = try QuizResult(jsonData: Data(#"{"scores":{"c":1,"s":1,"e":1,"a":1},"id":"u-9"}"#.utf8))
        #expect(try ResultNames.name(for: withID, hash: ResultNames.contentHash(of: withID)).get() == "u-9.png")
        let plain = try QuizResult(jsonData: Data(#"{"scores":{"c":-1,"s":-1,"e":-1,"a":-1},"pack":"student"}"#.utf8))
        let hash = ResultNames.contentHash(of: plain)
        #expect(try ResultNames.name(for: plain, hash: hash).get() == "student-DOOM-\(hash.prefix(16)).png")
        let hostile = try QuizResult(jsonData: Data(#"{"scores":{"c":1,"s":1,"e":1,"a":1},"id":"../x"}"#.utf8))
        guard case .failure(let error) = ResultNames.name(for: hostile, hash: "") else { Issue.record("accepted ../x"); return }
        #expect(error.path == "id")
    }

    @Test func aClaimedNameFailsTheLaterResultWithTheReason() throws {
        var names = ResultNames()
        let first = try QuizResult(jsonData: Data(#"{"scores":{"c":1,"s":1,"e":1,"a":1},"id":"x"}"#.utf8))
        let second = try QuizResult(jsonData: Data(#"{"scores":{"c":2,"s":1,"e":1,"a":1},"id":"x"}"#.utf8))
        #expect(names.claim("x.png", for: first, hash: "1", at: "a:1") == nil)
        #expect(names.claim("x.png", for: second, hash: "2", at: "a:2")?.reason.contains("also the id of a:1") == true)
        let plain = try QuizResult(jsonData: Data(#"{"scores":{"c":1,"s":1,"e":1,"a":1}}"#.utf8))
        #expect(names.claim("p.png", for: plain, hash: "h", at: "a:3") == nil)
        #expect(names.claim("p.png", for: plain, hash: "h", at: "a:4")?.reason.contains("the same result as a:3") == true)
        #expect(names.claim("p.png", for: plain, hash: "g", at: "a:5")?.reason.contains("hash that starts the same") == true)
        #expect(names.claim("x.png", for: plain, hash: "h", at: "a:6")?.reason.contains("already the poster of a:1") == true)
    }
}
