import PosterKit
import Foundation
import NMTIDomain
import PosterFiles
import PosterHashing

/// Renders a batch plan on several threads, writing each poster atomically and
/// recording it in a manifest. A failing poster does not stop the others.
public struct BatchRunner: Sendable {
    /// Progress after each poster.
    public struct Progress: Sendable {
        /// Posters finished so far, this one included.
        public let done: Int
        /// Posters in the plan.
        public let total: Int
        /// The poster's file, relative to the output folder.
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

    /// A poster that could not be rendered or written.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The poster's path relative to the output folder.
        public let file: String
        /// Why it failed, naming the file or theme involved.
        public let message: String
        /// What failed: `.output` when the file could not be written.
        public var kind: RenderError.Kind = .graphics
        public var description: String { "\(file): \(message)" }
    }

    /// What a run produced.
    public struct Report: Sendable {
        /// Every poster written (or kept, on a resume), in plan order.
        public let manifest: Manifest
        /// The posters that could not be rendered or written.
        public let failures: [Failure]
        /// The run's wall-clock time.
        public let seconds: Double
        /// Posters a resumed run found already written and intact, and kept.
        public var reused: Int = 0
        /// Posters a resumed run found intact but made another way, rendered again:
        /// how many for each difference (`theme`, `compression`, `engine`, `links`, `provenance`).
        public var stale: [String: Int] = [:]
        /// Recorded posters a resumed run rendered again because their file is not the one
        /// recorded: how many for each reason (`missing`, `changed bytes`, `not a regular
        /// file`, `hard-linked`, `unreadable`, `recorded for another poster`).
        public var damaged: [String: Int] = [:]
        /// Recorded posters a resumed run rendered again, damaged or stale, each counted once.
        public var renderedAgain: Int = 0
    }

    /// The journal a run appends one manifest entry to (a JSON line) as each poster
    /// is renamed into place, so that a killed run can be resumed; removed once
    /// `manifest.json` is written.
    public static let journalName = ".manifest.journal"

    /// The lock file a run holds in its output folder (see `BatchLock`).
    public static let lockName = BatchLock.fileName

    let renderer: PosterRenderer
    let threads: Int
    let compression: PosterCompression
    let engine: String

    /// Creates a runner that renders at most `threads` posters at once (at least 1;
    /// on up to twice as many caller threads when the renderer has no more workers
    /// than that, so a worker never waits for a caller). `compression` must be
    /// the renderer's setting and `engine` names the tool and its version: both are
    /// recorded with every poster so that a resume can tell stale posters apart.
    public init(renderer: PosterRenderer, threads: Int, compression: PosterCompression = .balanced,
                engine: String = "PosterKit") {
        self.renderer = renderer
        self.threads = max(1, threads)
        self.compression = compression
        self.engine = engine
    }

    /// Renders every job into `folder`, then writes `manifest.json` there.
    ///
    /// The run holds `<folder>/.batch.lock` throughout; a second run into the same
    /// folder fails with `.busy`. Two themes whose posters would land on the same
    /// path (the same `name`) are refused before anything is written. Each poster
    /// is written to a temporary name and renamed, then recorded in the journal
    /// with its provenance. With `resume`, posters recorded in `manifest.json` or
    /// the journal of an earlier (possibly killed) run are kept when the file is
    /// still a regular file with a single link inside `folder` (never a symlink)
    /// with the recorded size and sha256, and was made with the same theme content,
    /// compression, engine and links; every other poster is rendered again (a symlink
    /// that replaced one is replaced, not followed), and the report counts them by
    /// reason. Temporary files that dead writers left behind are removed either way,
    /// with the lock held; a live process's are never touched.
    /// A plan with no jobs (an empty shard) still creates the folder and an empty manifest.
    public func run(
        _ plan: BatchPlan, into folder: URL, resume: Bool = false,
        progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) throws(RenderError) -> Report {
        let start = DispatchTime.now().uptimeNanoseconds
        try Self.checkDistinctFiles(plan)
        // Poster paths come from theme names: written only through OutputFolder, inside `folder`.
        let output = OutputFolder(root: folder)
        try Self.makeFolder(folder)
        let lock = try BatchLock(folder: folder)
        defer { lock.release() }
        for directory in Set(plan.jobs.map { ($0.file as NSString).deletingLastPathComponent }) {
            do throws(WriteFailure) { try output.makeFolder(directory) } catch { throw RenderError(.output, error.description, cause: error) }
        }
        Self.removeTemporaryFiles(plan, in: folder)
        let engineIdentity = EngineIdentity.current.describing(version: engine)
        var provenances: [String: Manifest.Provenance] = [:]
        for job in plan.jobs where provenances[job.theme.name] == nil {
            provenances[job.theme.name] = Manifest.Provenance(
                engine: engineIdentity, compression: compression.rawValue, theme: job.theme.contentDigest,
                links: renderer.links.fingerprint)
        }
        var kept: [Manifest.Entry] = []
        var tally = ResumeTally()
        // Posters whose recorded file a symlink replaced: the new file is renamed over the link.
        var replacesLink = Set<Int>()
        var pending = Array(plan.jobs.indices)
        if resume {
            let recorded = Self.recordedEntries(in: folder)
            pending = []
            for (index, job) in plan.jobs.enumerated() {
                guard let entry = recorded[job.file] else {
                    pending.append(index)
                    continue
                }
                switch Self.resumeDecision(for: job, entry: entry, in: output, provenance: provenances[job.theme.name]) {
                case .keep:
                    kept.append(entry)
                case .damaged(let problem):
                    tally.renderAgain(problem)
                    if problem == .notRegular { replacesLink.insert(index) }
                    pending.append(index)
                case .madeAnotherWay(let differences):
                    tally.renderAgain(madeAnotherWay: differences)
                    pending.append(index)
                }
            }
            tally.kept = kept.count
        }
        let linkReplacements = replacesLink
        let provenanceByTheme = provenances
        let journal = try Journal(url: folder.appendingPathComponent(Self.journalName), entries: kept)
        let state = RunState(jobs: pending, total: plan.jobs.count, done: kept.count)
        let group = DispatchGroup()
        let renderer = self.renderer
        // Two callers per worker when the renderer has no more workers than `threads`:
        // while one caller writes and hashes its poster, the other's job is already
        // queued, so a worker never sleeps between posters waiting for a caller. At most
        // `threads` posters are still rendered at once. Threads, not a dispatch queue,
        // because a global queue starts extra blocking work items only slowly.
        let callers = renderer.workerCount <= threads ? 2 * renderer.workerCount : threads
        for _ in 0..<min(callers, max(1, pending.count)) {
            group.enter()
            let thread = Thread {
                while let index = state.next() {
                    let job = plan.jobs[index]
                    let began = DispatchTime.now().uptimeNanoseconds
                    do throws(RenderError) {
                        let poster = try renderer.render(job.result, theme: job.theme)
                        try Self.write(poster, to: job.file, in: output, replacingSymlink: linkReplacements.contains(index))
                        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
                        let entry = Manifest.Entry(
                            theme: job.theme.name, pack: job.pack.rawValue, code: job.code.rawValue, file: job.file,
                            bytes: poster.png.count, sha256: SHA256.hex(poster.png), milliseconds: (milliseconds * 10).rounded() / 10,
                            provenance: provenanceByTheme[job.theme.name])
                        journal.append(entry)
                        progress(state.finish(entry: entry, file: job.file))
                    } catch {
                        progress(state.fail(Failure(file: job.file, message: "\(error)", kind: error.kind), file: job.file))
                    }
                }
                group.leave()
            }
            thread.name = "nmti-batch"
            thread.start()
        }
        group.wait()
        let manifest = Manifest(shard: plan.shard?.description, entries: kept + state.entries)
        do {
            try AtomicWriter.write(try manifest.jsonData(), to: folder.appendingPathComponent(Manifest.fileName))
        } catch let error as WriteFailure {
            throw RenderError(.output, error.description, cause: error)
        } catch {
            throw RenderError(.output, "\(folder.path)/\(Manifest.fileName): \(error)", cause: error)
        }
        journal.remove()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Report(manifest: manifest, failures: state.failures.sorted { $0.file < $1.file }, seconds: seconds,
                      reused: kept.count, stale: tally.stale, damaged: tally.damaged, renderedAgain: tally.renderedAgain)
    }

    /// Refuses a plan in which two jobs write the same file: two themes that
    /// declare the same `name` would overwrite each other's posters.
    static func checkDistinctFiles(_ plan: BatchPlan) throws(RenderError) {
        var folderByName: [String: URL] = [:]
        for job in plan.jobs {
            let folder = job.theme.folder
            if let other = folderByName[job.theme.name], other != folder {
                let pair = [other.path, folder.path].sorted()
                throw RenderError(.theme, "\(pair[0]) and \(pair[1]) both declare the theme name '\(job.theme.name)'; their posters would overwrite each other (give each theme its own name)")
            }
            folderByName[job.theme.name] = folder
        }
    }

    /// Creates a folder and its parents with mkdir(2), so that a failure names the
    /// system's reason (`read-only file system`, `no space left on device`).
    static func makeFolder(_ url: URL) throws(RenderError) {
        var path = ""
        for component in url.standardizedFileURL.pathComponents {
            path = component == "/" ? "/" : (path.hasSuffix("/") ? path : path + "/") + component
            guard mkdir(path, 0o755) != 0 else { continue }
            let code = errno
            var isDirectory: ObjCBool = false
            if code == EEXIST, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { continue }
            let reason = code == EEXIST ? "\(path) is not a folder" : String(cString: strerror(code)).lowercased()
            throw RenderError(.output, "\(url.path): cannot create the folder (\(reason))")
        }
    }
}
