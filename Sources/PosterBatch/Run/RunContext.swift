import Foundation
import PosterFiles
import PosterKit
import Synchronization

/// What the jobs of one run share: the folder, what an earlier run recorded, the
/// provenance of each theme, the journal, and the tally the report is made from.
/// Jobs record into it from the calling thread and from workers.
package final class RunContext: Sendable {
    /// The run's folder: every file is written through it, never outside.
    package let output: OutputFolder
    /// What an earlier run recorded, by file; empty unless resuming.
    let recorded: [String: Manifest.Entry]
    /// How this run makes each theme's posters, by theme name.
    let provenance: [String: Manifest.Provenance]
    /// The journal, when the run keeps a manifest.
    let journal: RunJournal?
    private let total: Int
    private let progress: @Sendable (RunEngine.Progress) -> Void
    private let tally = Mutex(Tally())

    private struct Tally {
        var done = 0
        var results = 0
        var entries: [Manifest.Entry] = []
        var failures: [(ordinal: Int, failure: RunEngine.Failure)] = []
        var resume = ResumeTally()
    }

    init(output: OutputFolder, recorded: [String: Manifest.Entry], provenance: [String: Manifest.Provenance],
         journal: RunJournal?, total: Int, progress: @escaping @Sendable (RunEngine.Progress) -> Void) {
        self.output = output
        self.recorded = recorded
        self.provenance = provenance
        self.journal = journal
        self.total = total
        self.progress = progress
    }

    /// Counts one item the source handed out.
    func countItem() {
        tally.withLock { $0.results += 1 }
    }

    /// Records a poster written now: journalled first, so a kill after this loses nothing.
    package func finish(_ entry: Manifest.Entry) {
        journal?.append(entry)
        report(entry.file, failed: false) { $0.entries.append(entry) }
    }

    /// Records a poster an earlier run made that this run keeps.
    func keep(_ entry: Manifest.Entry) {
        report(entry.file, failed: false) {
            $0.entries.append(entry)
            $0.resume.kept += 1
        }
    }

    /// Records a job that failed, at its position among the source's items.
    package func fail(_ failure: RunEngine.Failure, ordinal: Int) {
        report(failure.file, failed: true) { $0.failures.append((ordinal, failure)) }
    }

    /// Counts a finished job that leaves no manifest entry (a golden case).
    package func count(_ file: String, failed: Bool) {
        report(file, failed: failed) { _ in }
    }

    /// Counts a recorded poster that is rendered again (`change` says why).
    func renderAgain(_ change: (inout ResumeTally) -> Void) {
        tally.withLock { change(&$0.resume) }
    }

    /// The report of the run so far: entries in canonical order, failures in source order.
    func report(shard: BatchPlan.Shard?, seconds: Double) -> RunEngine.Report {
        tally.withLock { tally in
            RunEngine.Report(
                manifest: Manifest(shard: shard?.description, entries: tally.entries),
                failures: tally.failures.sorted { $0.ordinal < $1.ordinal }.map(\.failure), results: tally.results,
                seconds: seconds, reused: tally.resume.kept, stale: tally.resume.stale, damaged: tally.resume.damaged,
                renderedAgain: tally.resume.renderedAgain)
        }
    }

    private func report(_ file: String, failed: Bool, _ change: (inout Tally) -> Void) {
        let done = tally.withLock { tally in
            change(&tally)
            tally.done += 1
            return tally.done
        }
        progress(RunEngine.Progress(done: done, total: total, file: file, failed: failed))
    }
}
