import Foundation
import PosterKit

/// Runs many renders to files: the one engine behind `batch`, `render --out` and
/// `golden update`. A failing poster does not stop the others.
///
/// A run takes a source of jobs, a `BatchPlan` or a `ResultStream` (either of them a
/// shard), and the folder to write into. It creates the folder, holds its lock
/// (`.batch.lock`), removes the temporary files dead writers left there, records each
/// poster's provenance, keeps what a resume may keep, journals each poster as it lands
/// and writes `manifest.json` at the end.
///
/// Jobs go straight to the renderer's workers (`PosterRenderer.submit`), so a run starts
/// no thread of its own: the calling thread reads the source and writes, hashes and
/// journals each finished poster while the workers draw the next ones. At most twice as
/// many jobs as the renderer has workers are in flight (one drawing and one waiting for
/// each worker), so however long a stream is, memory holds a few results at a time; only
/// the manifest's entries grow with it. Posters rendered at once: the renderer's
/// `workerCount` (`PosterRenderer(workers:)`).
public struct RunEngine: Sendable {
    /// Progress after each poster.
    public struct Progress: Sendable {
        /// Posters finished so far, this one included.
        public let done: Int
        /// Posters the run expects; 0 when that is not known (a stream from a pipe).
        public let total: Int
        /// The poster's file relative to the output folder, or a failed result's location.
        public let file: String
        /// Whether this poster failed.
        public let failed: Bool

        /// A progress report; public so front ends can test their displays.
        public init(done: Int, total: Int, file: String, failed: Bool) {
            self.done = done
            self.total = total
            self.file = file
            self.failed = failed
        }
    }

    /// A poster that could not be rendered or written, or a result that could not be read.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The poster's path relative to the output folder, or the result's location
        /// (`results.jsonl:17`, `a.json`) for a stream.
        public let file: String
        /// Why it failed, naming the file, theme or JSON path involved.
        public let message: String
        /// What failed: `.output` when the file could not be written, `.result` for a bad result.
        public var kind: RenderError.Kind = .graphics
        /// `file: message`, as the CLI prints it after `failed: `.
        public var description: String { "\(file): \(message)" }

        /// A failure of `file` (a poster's path or a result's location) with its reason.
        package init(file: String, message: String, kind: RenderError.Kind = .graphics) {
            self.file = file
            self.message = message
            self.kind = kind
        }
    }

    /// The journal a run appends one manifest entry to (a JSON line) as each poster is
    /// renamed into place, so that a killed run can be resumed; removed once
    /// `manifest.json` is written.
    public static let journalName = ".manifest.journal"

    /// The lock file a run holds in its output folder (see `RunLock`).
    public static let lockName = RunLock.fileName

    let renderer: PosterRenderer
    let compression: PosterCompression
    let engine: String

    /// An engine over `renderer`'s workers. `compression` must be the renderer's setting
    /// and `engine` names the tool and its version: both are recorded with every poster,
    /// so that a resume can tell stale posters apart.
    public init(renderer: PosterRenderer, compression: PosterCompression = .balanced, engine: String = "PosterKit") {
        self.renderer = renderer
        self.compression = compression
        self.engine = engine
    }

    /// Renders every poster of `plan` into `folder` (`<theme>/<pack>/<CODE>.png`), then
    /// writes `manifest.json` there; failures are listed by file.
    ///
    /// Two themes whose posters would land on the same path (the same `name`) are refused
    /// before anything is written. The run holds `<folder>/.batch.lock` throughout; a second
    /// run into the same folder fails with `.busy`. Each poster is written to a temporary
    /// name and renamed, then recorded in the journal with its provenance. With `resume`,
    /// a poster recorded in `manifest.json` or the journal of an earlier (possibly killed)
    /// run is kept when the record names the same theme, pack and code, the file is still
    /// a regular file with a single link inside `folder` (never a symlink) with the
    /// recorded size and sha256, and it was made with the same theme content, compression,
    /// engine and links; every other poster is rendered again (a symlink that replaced one
    /// is replaced, not followed), and the report counts them by reason. Temporary files
    /// that dead writers left behind are removed either way, with the lock held; a live
    /// process's are never touched. A plan with no jobs (an empty shard) still creates the
    /// folder and an empty manifest.
    public func run(
        _ plan: BatchPlan, into folder: URL, resume: Bool = false,
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) throws(RenderError) -> Report {
        var source = PlanSource(plan)
        var report = try run(&source, into: folder, resume: resume, progress: progress)
        report.failures.sort { $0.file < $1.file }
        return report
    }

    /// Renders every result of `results` (of its shard) with its theme directly into
    /// `folder` (`<id>.png`, or `<pack>-<CODE>-<hash>.png`), then writes `manifest.json`
    /// there, each entry naming the result's `source` and `result` hash; failures are
    /// listed in input order, a bad result with its location.
    ///
    /// The lock, the journal and the clean-up are those of a plan's run. With `resume`, a
    /// poster recorded by an earlier run is kept when it shows this very result (the sha256
    /// of its canonical JSON), its file is intact and it was made the same way. Fails only
    /// for what stops the whole run (the folder, the lock, the manifest); a stream that
    /// breaks while read is one last failed result.
    public func run(
        _ results: ResultStream, into folder: URL, resume: Bool = false,
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) throws(RenderError) -> Report {
        var source = results
        return try run(&source, into: folder, resume: resume, progress: progress)
    }
}
