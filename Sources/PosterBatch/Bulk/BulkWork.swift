import Foundation
import NMTIDomain
import PosterKit
import Synchronization
import PosterFiles
import PosterHashing

/// One decoded result with its poster's name, handed to a worker.
struct BulkJob: Sendable {
    let ordinal: Int
    let location: String
    let result: QuizResult
    let name: String
    /// The sha256 of the result's canonical JSON.
    let resultHash: String
}

/// What the workers of one bulk run share: read-only inputs, the journal and the state.
struct BulkWorkContext: Sendable {
    let renderer: PosterRenderer
    let theme: Theme
    let output: OutputFolder
    let provenance: Manifest.Provenance
    /// What an earlier run recorded, by file; empty unless resuming.
    let recorded: [String: Manifest.Entry]
    let journal: Journal
    let state: BulkRunState

    /// Keeps the poster an earlier run made for this very result the same way, or renders it.
    func handle(_ job: BulkJob) {
        var replacesLink = false
        if let entry = recorded[job.name] {
            switch decision(for: job, entry: entry) {
            case .keep:
                var kept = entry
                kept.source = job.location
                state.keep(ordinal: job.ordinal, kept)
                return
            case .damaged(let problem):
                state.renderAgain { $0.renderAgain(problem) }
                replacesLink = problem == .notRegular
            case .madeAnotherWay(let differences):
                state.renderAgain { $0.renderAgain(madeAnotherWay: differences) }
            }
        }
        let began = DispatchTime.now().uptimeNanoseconds
        do throws(RenderError) {
            let poster = try renderer.render(job.result, theme: theme)
            try BatchRunner.write(poster, to: job.name, in: output, replacingSymlink: replacesLink)
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
            let entry = Manifest.Entry(
                theme: theme.name, pack: job.result.pack.rawValue, code: job.result.code.rawValue, file: job.name,
                bytes: poster.png.count, sha256: SHA256.hex(poster.png), milliseconds: (milliseconds * 10).rounded() / 10,
                provenance: provenance, source: job.location, result: job.resultHash)
            journal.append(entry)
            state.finish(ordinal: job.ordinal, entry)
        } catch {
            state.fail(ordinal: job.ordinal, BatchRunner.Failure(file: job.location, message: "\(job.name): \(error.message)", kind: error.kind))
        }
    }

    /// Keeps a recorded poster only when it shows this very result (canonical JSON
    /// hash), with this theme, its file is intact (`ResumeProblem.check`) and it was
    /// made with this run's provenance.
    func decision(for job: BulkJob, entry: Manifest.Entry) -> BatchRunner.ResumeDecision {
        guard entry.result == job.resultHash else { return .damaged(.anotherResult) }
        guard entry.theme == theme.name else { return .madeAnotherWay(["theme"]) }
        if let problem = ResumeProblem.check(job.name, in: output, as: entry) { return .damaged(problem) }
        let changed = provenance.differences(from: entry.provenance)
        return changed.isEmpty ? .keep : .madeAnotherWay(changed)
    }
}

/// The results of one bulk run so far, shared by the reader and the workers, and
/// the progress report after each result.
final class BulkRunState: Sendable {
    private struct Tally {
        var done = 0
        var entries: [Manifest.Entry] = []
        var failures: [(ordinal: Int, failure: BatchRunner.Failure)] = []
        var resume = ResumeTally()
    }

    private let tally = Mutex(Tally())
    private let total: Int
    private let progress: @Sendable (BatchRunner.Progress) -> Void

    /// `total` is the number of results expected, 0 when unknown (a pipe).
    init(total: Int, progress: @escaping @Sendable (BatchRunner.Progress) -> Void) {
        self.total = total
        self.progress = progress
    }

    func finish(ordinal: Int, _ entry: Manifest.Entry) {
        report(entry.file, failed: false) { $0.entries.append(entry) }
    }

    func keep(ordinal: Int, _ entry: Manifest.Entry) {
        report(entry.file, failed: false) {
            $0.entries.append(entry)
            $0.resume.kept += 1
        }
    }

    func fail(ordinal: Int, _ failure: BatchRunner.Failure) {
        report(failure.file, failed: true) { $0.failures.append((ordinal, failure)) }
    }

    /// Counts a recorded poster that is rendered again (`change` says why).
    func renderAgain(_ change: (inout ResumeTally) -> Void) {
        tally.withLock { change(&$0.resume) }
    }

    /// Everything recorded, failures in input order.
    func finished() -> (entries: [Manifest.Entry], failures: [BatchRunner.Failure], resume: ResumeTally) {
        tally.withLock {
            ($0.entries, $0.failures.sorted { $0.ordinal < $1.ordinal }.map(\.failure), $0.resume)
        }
    }

    private func report(_ file: String, failed: Bool, _ change: (inout Tally) -> Void) {
        let done = tally.withLock { tally in
            change(&tally)
            tally.done += 1
            return tally.done
        }
        progress(BatchRunner.Progress(done: done, total: total, file: file, failed: failed))
    }
}
