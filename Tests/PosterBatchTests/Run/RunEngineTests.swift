import Foundation
import NMTIDomain
import Synchronization
import Testing
import TestSupport
@testable import PosterBatch
@testable import PosterKit

/// The run engine's own promises: a source is read only as fast as posters are made, and
/// every poster of a run, rendered or kept, is reported as progress.
@Suite struct RunEngineTests {
    static let renderer = Result { try PosterRenderer(workers: 2) }

    @Test func aSourceIsReadOnlyAsFarAsTheJobsInFlightAllow() throws {
        let renderer = try Self.renderer.get()
        let counts = CountingSource.Counts()
        var source = CountingSource(theme: try sharedStore.theme("classic"), count: 40, counts: counts)
        let report = try RunEngine(renderer: renderer).run(&source, into: try TestScratch.folder("run-bound"))
        #expect(report.failures.isEmpty && report.manifest.entries.count == 40 && report.results == 40)
        let (pulled, finished, most) = counts.state.withLock { ($0.pulled, $0.finished, $0.mostOutstanding) }
        #expect(pulled == 40 && finished == 40)
        // One drawing and one waiting per worker: never the whole source at once.
        #expect(most <= RunEngine.jobsInFlightPerWorker * renderer.workerCount, "\(most) items read ahead of the posters made")
    }

    @Test func aResumeReportsEveryPosterItKeepsAsProgress() throws {
        let renderer = try Self.renderer.get()
        let plan = BatchPlan(themes: [try sharedStore.theme("classic")], packs: [.student], shard: BatchPlan.Shard("1/4"))
        let folder = try TestScratch.folder("run-resume-progress")
        let first = try RunEngine(renderer: renderer).run(plan, into: folder)
        #expect(first.failures.isEmpty && first.manifest.entries.count == 4)
        let reports = Mutex<[RunEngine.Progress]>([])
        let second = try RunEngine(renderer: renderer).run(plan, into: folder, resume: true) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(second.reused == 4 && second.manifest == first.manifest)
        let seen = reports.withLock { $0 }
        #expect(seen.map(\.done) == [1, 2, 3, 4] && seen.allSatisfy { $0.total == 4 && !$0.failed })
        #expect(Set(seen.map(\.file)) == Set(plan.jobs.map(\.file)))
    }
}

/// A plan's posters handed out one by one, counting how far reading runs ahead of finishing.
struct CountingSource: RunSource {
    final class Counts: Sendable {
        struct State {
            var pulled = 0
            var finished = 0
            var mostOutstanding = 0
        }
        let state = Mutex(State())
    }

    let theme: Theme
    let count: Int
    let counts: Counts

    var options: RunOptions { RunOptions() }
    var expectedCount: Int { count }
    var shard: BatchPlan.Shard? { nil }
    var themes: [Theme] { [theme] }
    var folders: Set<String> { [""] }
    func check() throws(RenderError) {}
    func ownsTemporaryFile(stem: String, in folder: String) -> Bool { false }

    mutating func next() -> RunItem<CountedJob>? {
        counts.state.withLock { state -> RunItem<CountedJob>? in
            guard state.pulled < count else { return nil }
            state.mostOutstanding = max(state.mostOutstanding, state.pulled - state.finished)
            state.pulled += 1
            let code = PersonalityCode.all[state.pulled % PersonalityCode.all.count]
            let job = PosterJob(ordinal: state.pulled, theme: theme, result: QuizResult.catalogueSample(for: code, pack: .workplace),
                                pack: .workplace, code: code, file: "\(state.pulled).png", source: nil)
            return .job(CountedJob(poster: job, counts: counts))
        }
    }
}

/// A poster job that counts itself finished.
struct CountedJob: RunJob {
    let poster: PosterJob
    let counts: CountingSource.Counts

    var ordinal: Int { poster.ordinal }
    var request: RenderRequest { poster.request }

    func finish(_ outcome: Result<RenderOutput, RenderError>, in run: RunContext) {
        poster.finish(outcome, in: run)
        counts.state.withLock { $0.finished += 1 }
    }
}
