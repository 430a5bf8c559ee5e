import Foundation
import NMTIDomain
import Testing
import TestSupport
@testable import PosterBatch
@testable import PosterKit

/// The one lifecycle every source gets from the engine: the same posters and provenance
/// from a plan's shard and from a results stream, the lock, and a resume from the journal
/// of a killed run.
@Suite struct RunEngineLifecycleTests {
    static let renderer = Result { try PosterRenderer(workers: 2) }

    /// A shard of the classic student posters: 16 posters, every eighth of them.
    static func plan() throws -> BatchPlan {
        BatchPlan(themes: [try sharedStore.theme("classic")], packs: [.student], shard: BatchPlan.Shard("3/8"))
    }

    @Test func aPlanShardAndAStreamOfItsResultsMakeTheSamePostersTheSameWay() throws {
        let engine = RunEngine(renderer: try Self.renderer.get(), engine: "lifecycle-test")
        let plan = try Self.plan()
        let planReport = try engine.run(plan, into: try TestScratch.folder("lifecycle-plan"))
        #expect(planReport.failures.isEmpty && planReport.manifest.entries.count == 2 && planReport.manifest.shard == "3/8")

        let inputs = try TestScratch.folder("lifecycle-in")
        let files = try plan.jobs.map { job in
            let file = inputs.appendingPathComponent("\(job.code.rawValue).json")
            try job.result.canonicalJSON().write(to: file)
            return file.path
        }
        let stream = try ResultStream(.files(files), theme: try sharedStore.theme("classic"))
        let streamReport = try engine.run(stream, into: try TestScratch.folder("lifecycle-stream"))
        #expect(streamReport.failures.isEmpty && streamReport.results == 2)

        // The same bytes, recorded with the same provenance (one engine identity) by either source.
        let byCode = { (report: RunEngine.Report) in Dictionary(uniqueKeysWithValues: report.manifest.entries.map { ($0.code, $0) }) }
        let fromPlan = byCode(planReport), fromStream = byCode(streamReport)
        #expect(fromPlan.keys.sorted() == fromStream.keys.sorted())
        for (code, entry) in fromPlan {
            #expect(fromStream[code]?.sha256 == entry.sha256, "\(code)")
            #expect(fromStream[code]?.provenance == entry.provenance, "\(code)")
            #expect(entry.provenance?.engine == EngineIdentity.current.describing(version: "lifecycle-test"))
        }
    }

    @Test func aRunIntoAFolderAnotherRunHoldsIsBusyAndWritesNothing() throws {
        let engine = RunEngine(renderer: try Self.renderer.get())
        let folder = try TestScratch.folder("lifecycle-lock")
        let plan = try Self.plan()
        let held = try RunLock(folder: folder)
        do throws(RenderError) {
            _ = try engine.run(plan, into: folder)
            Issue.record("a second run into a locked folder went ahead")
        } catch {
            #expect(error.kind == .busy)
            #expect(error.message.contains(RunEngine.lockName))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [RunEngine.lockName])
        held.release()  // the lock lives until here; once released, the next run goes ahead
        #expect(try engine.run(plan, into: folder).manifest.entries.count == 2)
    }

    @Test func aResumeAfterAKillKeepsWhatTheJournalRecordedAndSweepsDeadWritersFiles() throws {
        let engine = RunEngine(renderer: try Self.renderer.get())
        let plan = try Self.plan()
        let folder = try TestScratch.folder("lifecycle-journal")
        let first = try engine.run(plan, into: folder)
        #expect(first.failures.isEmpty && first.manifest.entries.count == 2)

        // What a kill after both posters landed leaves: no manifest, the journal with a torn
        // last line, and a dead writer's temporary file of one of the posters.
        try FileManager.default.removeItem(at: folder.appendingPathComponent(Manifest.fileName))
        var journal = Data()
        for entry in first.manifest.entries { journal += try JSONEncoder().encode(entry) + Data("\n".utf8) }
        journal += Data(#"{"theme":"classic","pa"#.utf8)
        try journal.write(to: folder.appendingPathComponent(RunEngine.journalName))
        let poster = plan.jobs[0].file as NSString
        let leftover = folder.appendingPathComponent(poster.deletingLastPathComponent)
            .appendingPathComponent(".\(poster.lastPathComponent).\(try DeadProcess.pid()).0123456789abcdef.tmp")
        try Data("half".utf8).write(to: leftover)

        let resumed = try engine.run(plan, into: folder, resume: true)
        #expect(resumed.reused == 2 && resumed.renderedAgain == 0 && resumed.failures.isEmpty)
        #expect(resumed.manifest == first.manifest)
        #expect(try Manifest.read(folder.appendingPathComponent(Manifest.fileName)) == first.manifest)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(RunEngine.journalName).path))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }
}
