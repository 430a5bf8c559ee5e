import Foundation
import NMTIDomain
import PosterKit
import Synchronization

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
        if let entry = recorded[job.name], entry.result == job.resultHash, entry.theme == theme.name,
           BatchRunner.isIntact(output.root.appendingPathComponent(job.name), as: entry) {
            let changed = provenance.differences(from: entry.provenance)
            if changed.isEmpty {
                var kept = entry
                kept.source = job.location
                state.keep(ordinal: job.ordinal, kept)
                return
            }
            state.markStale(changed)
        }
        let began = DispatchTime.now().uptimeNanoseconds
        do throws(RenderError) {
            let poster = try renderer.render(job.result, theme: theme, into: output, as: job.name)
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
}

/// The results of one bulk run so far, shared by the reader and the workers, and
/// the progress report after each result.
final class BulkRunState: Sendable {
    private struct Tally {
        var done = 0
        var entries: [Manifest.Entry] = []
        var failures: [(ordinal: Int, failure: BatchRunner.Failure)] = []
        var reused = 0
        var stale: [String: Int] = [:]
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
            $0.reused += 1
        }
    }

    func fail(ordinal: Int, _ failure: BatchRunner.Failure) {
        report(failure.file, failed: true) { $0.failures.append((ordinal, failure)) }
    }

    func markStale(_ reasons: [String]) {
        tally.withLock { for reason in reasons { $0.stale[reason, default: 0] += 1 } }
    }

    /// Everything recorded, failures in input order.
    func finished() -> (entries: [Manifest.Entry], failures: [BatchRunner.Failure], reused: Int, stale: [String: Int]) {
        tally.withLock {
            ($0.entries, $0.failures.sorted { $0.ordinal < $1.ordinal }.map(\.failure), $0.reused, $0.stale)
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
