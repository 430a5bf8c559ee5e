import Foundation
import NMTIDomain
import PosterGraphics
import Testing
import TestSupport
@testable import PosterBatch
@testable import PosterKit
@testable import PosterHashing

@Suite struct BatchTests {
    func temporaryFolder() throws -> URL {
        try TestScratch.folder("batch")
    }

    @Test func oneWorkerAndSeveralWorkersWriteIdenticalFiles() throws {
        let theme = try sharedStore.theme("classic")
        let plan = BatchPlan(themes: [theme], packs: [.student])
        let serial = try RunEngine(renderer: try PosterRenderer(workers: 1)).run(plan, into: try temporaryFolder())
        let parallelFolder = try temporaryFolder()
        let parallel = try RunEngine(renderer: try PosterRenderer(workers: 4)).run(plan, into: parallelFolder)
        #expect(serial.failures.isEmpty && parallel.failures.isEmpty)
        #expect(serial.manifest.entries.count == 16)
        #expect(serial.manifest.entries.map(\.sha256) == parallel.manifest.entries.map(\.sha256))
        #expect(Set(serial.manifest.entries.map(\.sha256)).count == 16)
        // The manifest on disk describes the files on disk.
        let manifest = try Manifest.read(parallelFolder.appendingPathComponent(Manifest.fileName))
        for entry in manifest.entries {
            let data = try Data(contentsOf: parallelFolder.appendingPathComponent(entry.file))
            #expect(data.count == entry.bytes)
            #expect(SHA256.hex(data) == entry.sha256)
        }
        let leftovers = FileManager.default.enumerator(atPath: parallelFolder.path)!.allObjects.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func shardsAreDisjointAndCoverTheBatch() throws {
        let theme = try sharedStore.theme("classic")
        let whole = BatchPlan(themes: [theme]).jobs.map(\.file)
        var seen: [String] = []
        for index in 1...3 {
            seen += BatchPlan(themes: [theme], shard: BatchPlan.Shard("\(index)/3")).jobs.map(\.file)
        }
        #expect(whole.count == 32)
        #expect(seen.sorted() == whole.sorted())
        #expect(Set(seen).count == seen.count)
        #expect(BatchPlan.Shard("0/3") == nil && BatchPlan.Shard("4/3") == nil && BatchPlan.Shard("1/0") == nil && BatchPlan.Shard("x") == nil)
    }

    @Test func mergingShardManifestsGivesTheWholeManifest() throws {
        let entry = { (code: String, hash: String) in
            Manifest.Entry(theme: "classic", pack: "workplace", code: code, file: "classic/workplace/\(code).png",
                           bytes: 1, sha256: hash, milliseconds: 1)
        }
        let first = Manifest(shard: "1/2", entries: [entry("PRED", "aa")])
        let second = Manifest(shard: "2/2", entries: [entry("DOOM", "bb")])
        let merged = try Manifest.merge([("a", first), ("b", second)])
        #expect(merged.entries.map(\.code) == ["DOOM", "PRED"])
        #expect(merged.shard == nil)
        #expect(throws: ManifestError(.invalid, file: "c", path: "entries[0]",
                                      reason: "classic/workplace/PRED.png differs from the one in a (sha256 cc vs aa)")) {
            try Manifest.merge([("a", first), ("b", second), ("c", Manifest(entries: [entry("PRED", "cc")]))])
        }
        #expect(throws: ManifestError(.invalid, file: "a", path: "shard",
                                      reason: "1 of 2 shards are missing: 2/2 (merge them too, or pass --allow-partial)")) {
            try Manifest.merge([("a", first)])
        }
        #expect(try Manifest.merge([("a", first)], policy: .init(allowsPartial: true)).entries.count == 1)
    }

    @Test func provenanceNamesWhatChanged() {
        let recorded = Manifest.Provenance(engine: "e1", compression: "fast", theme: "t1")
        #expect(recorded.differences(from: recorded).isEmpty)
        #expect(Manifest.Provenance(engine: "e2", compression: "balanced", theme: "t1").differences(from: recorded)
                == ["compression", "engine"])
        #expect(recorded.differences(from: nil) == ["provenance"])
    }

    @Test func sha256MatchesKnownVectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite struct FixtureRenderTests {
    @Test func everyFixtureResultRendersAt750x1334() throws {
        let theme = try sharedStore.theme("classic")
        let renderer = try PosterRenderer()
        let folder = packageRoot.appendingPathComponent("Fixtures/results")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 40)
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let result = try QuizResult(jsonData: data, file: file)
            let poster = try renderer.render(result, theme: theme)
            #expect(poster.width == 750 && poster.height == 1334, "\(file)")
            #expect(!poster.notes.contains { $0.isProblem }, "\(file): \(poster.notes)")
        }
    }

    @Test func aMissingFontNamesThePackageToInstall() {
        do {
            _ = try FontLibrary(fonts: [PinnedFont(family: "Ghost Sans", path: "/nonexistent/Ghost.ttf", package: "fonts-ghost")])
            Issue.record("loaded a font that does not exist")
        } catch {
            #expect(error.kind == .fontMissing)
            #expect(error.message.contains("apt-get install fonts-ghost"))
            #expect(error.message.contains("/nonexistent/Ghost.ttf"))
        }
    }
}
