import PosterKit

/// A source of jobs for `RunEngine`: a batch plan, a results stream, golden cases.
///
/// The engine asks for items on the calling thread, in order, one at a time; a
/// source that reads a stream reads only as far as the engine has asked, so the
/// engine's bound on jobs in flight bounds the source's memory too.
package protocol RunSource {
    /// One render the source asks for and what becomes of it.
    associatedtype Job: RunJob

    /// What the run does besides rendering.
    var options: RunOptions { get }
    /// How many jobs the source will hand out, when it can tell before reading (0: unknown).
    var expectedCount: Int { get }
    /// The shard the source covers, recorded in the manifest.
    var shard: BatchPlan.Shard? { get }
    /// The themes whose provenance the run records (once each, by name).
    var themes: [Theme] { get }
    /// The folders (relative to the run's folder, "" for the folder itself) the jobs write into.
    var folders: Set<String> { get }

    /// Refuses, before anything is written, a source whose jobs cannot all be done.
    func check() throws(RenderError)
    /// Whether `stem` (a final name a temporary file stands for) in `folder` is one of
    /// this source's files: a killed writer's temporary file of it may be removed.
    func ownsTemporaryFile(stem: String, in folder: String) -> Bool
    /// The next item, nil at the end.
    mutating func next() -> RunItem<Job>?
}

/// One item of a source: a job to render, or an input that fails without a render
/// (a result that cannot be decoded or named).
package enum RunItem<Job: RunJob> {
    /// A job to render.
    case job(Job)
    /// An input that cannot be rendered, at its position among the source's items.
    case rejected(RunEngine.Failure, ordinal: Int)
}

/// One render of a run and what becomes of its output.
package protocol RunJob: Sendable {
    /// The job's position among the source's items, which orders failures.
    var ordinal: Int { get }
    /// What to render.
    var request: RenderRequest { get }
    /// This job as it is to be rendered, or nil when the run already has its file
    /// (a resume kept it and counted it). Called on the calling thread before rendering.
    func admitted(to run: RunContext) -> Self?
    /// Takes the render's outcome and records what became of it in `run`; called once,
    /// on the thread the source's options name (`RunOptions.finishing`).
    func finish(_ outcome: Result<RenderOutput, RenderError>, in run: RunContext)
}

extension RunJob {
    /// Every job is rendered unless it says otherwise.
    package func admitted(to run: RunContext) -> Self? { self }
}

/// What a run does besides rendering, as its source needs.
package struct RunOptions: Sendable {
    /// Where a finished job is handed over.
    package enum Finishing: Sendable {
        /// On the calling thread, while the workers draw the next jobs: for work that
        /// mostly waits (writing and `fsync`ing a file), which would otherwise hold a worker.
        case onCallingThread
        /// On the worker that rendered it: for work that mostly computes (comparing
        /// pixels, encoding at the highest level), which one thread could not keep up with.
        case onWorker
    }

    /// Whether the run keeps a manifest: it creates the folder and its sub-folders, holds
    /// the lock, honours `resume`, journals each poster and writes `manifest.json`.
    package var keepsManifest: Bool
    /// Where finished jobs are handed over.
    package var finishing: Finishing

    /// Options for a source; a manifest and finishing on the calling thread by default.
    package init(keepsManifest: Bool = true, finishing: Finishing = .onCallingThread) {
        self.keepsManifest = keepsManifest
        self.finishing = finishing
    }
}
