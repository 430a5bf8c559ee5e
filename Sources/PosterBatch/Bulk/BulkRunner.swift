import Foundation
import NMTIDomain
import PosterKit
import Synchronization
import PosterFiles

/// Renders many results (files or a JSON Lines stream) with one theme into one
/// folder, on several threads, with the manifest, journal, lock, shards and resume
/// of `BatchRunner`. A bad result is reported with its location and does not stop
/// the others.
///
/// The calling thread reads the input in order, decodes each result, names it
/// (`BulkNames`) and hands it to the workers through a `BoundedQueue`, so memory
/// holds a few results at a time however long the stream; only the manifest's
/// entries (and the names claimed, to keep them apart) grow with the input.
public struct BulkRunner: Sendable {
    /// What a run produced.
    public struct Report: Sendable {
        /// The posters of this run: rendered, and kept by a resume.
        public let manifest: Manifest
        /// The results that failed, in input order; `file` is the result's location.
        public let failures: [BatchRunner.Failure]
        /// Results read that belong to this shard (failed ones included).
        public let results: Int
        /// Wall time of the whole run.
        public let seconds: Double
        /// Posters a resume found intact and made the same way, and kept.
        public let reused: Int
        /// Posters a resume found intact but made another way, rendered again, by difference.
        public let stale: [String: Int]
        /// Recorded posters a resume rendered again because their file is not the one
        /// recorded (or the record is another result's), by reason (see `BatchRunner.Report.damaged`).
        public let damaged: [String: Int]
        /// Recorded posters a resume rendered again, damaged or stale, each counted once.
        public let renderedAgain: Int
    }

    let renderer: PosterRenderer
    let threads: Int
    let compression: PosterCompression
    let engine: String

    /// A runner over `threads` workers (at least 1); `compression` and `engine` are
    /// recorded with every poster, as `BatchRunner` does, for `resume`.
    public init(renderer: PosterRenderer, threads: Int, compression: PosterCompression = .balanced,
                engine: String = "PosterKit") {
        self.renderer = renderer
        self.threads = max(1, threads)
        self.compression = compression
        self.engine = engine
    }

    /// Renders every result of `source` (of `shard`, when given: the results whose
    /// position in the input modulo N is K-1) with `theme` into `folder`, then writes
    /// `manifest.json` there.
    ///
    /// Posters are written through `OutputFolder`, directly in `folder`, atomically,
    /// and recorded in `.manifest.journal` as they land. With `resume`, a poster
    /// recorded by an earlier run (manifest or journal) is kept when its file is
    /// intact (a regular file with a single link, never a symlink, with the recorded
    /// size and sha256), it shows the same result (canonical JSON hash) and it was made
    /// with the same theme content, compression, engine and links; the report counts
    /// the others by reason. Temporary files of dead writers are removed with the lock
    /// held. Fails only for what stops the whole run (the folder, the lock, an input
    /// that cannot be opened).
    public func run(
        _ source: BulkSource, theme: Theme, into folder: URL, shard: BatchPlan.Shard? = nil, resume: Bool = false,
        progress: @escaping @Sendable (BatchRunner.Progress) -> Void = { _ in }
    ) throws(BulkRunError) -> Report {
        let start = DispatchTime.now().uptimeNanoseconds
        let reader: BulkRecordReader
        do throws(BulkInputError) { reader = try BulkRecordReader(source) } catch { throw .input(error) }
        let output = OutputFolder(root: folder)
        do throws(RenderError) {
            try BatchRunner.makeFolder(folder)
        } catch { throw .render(error) }
        let lock: BatchLock
        do throws(RenderError) { lock = try BatchLock(folder: folder) } catch { throw .render(error) }
        defer { lock.release() }
        Self.removeTemporaryFiles(in: output)
        let provenance = Manifest.Provenance(engine: EngineIdentity.current.describing(version: engine), compression: compression.rawValue,
                                             theme: theme.contentDigest, links: renderer.links.fingerprint)
        let recorded = resume ? BatchRunner.recordedEntries(in: folder) : [:]
        let journal: Journal
        // A resume starts the journal with every earlier record, so a second kill loses none of them.
        do throws(RenderError) {
            journal = try Journal(url: folder.appendingPathComponent(BatchRunner.journalName), entries: recorded.keys.sorted().compactMap { recorded[$0] })
        } catch { throw .render(error) }
        let total = source.count().map { count in shard.map { Self.shardSize(count, $0) } ?? count } ?? 0
        let state = BulkRunState(total: total, progress: progress)
        let queue = BoundedQueue<BulkJob>(capacity: threads * 4)
        let group = DispatchGroup()
        let context = BulkWorkContext(renderer: renderer, theme: theme, output: output, provenance: provenance,
                                      recorded: recorded, journal: journal, state: state)
        for _ in 0..<threads {
            DispatchQueue.global().async(group: group) {
                while let job = queue.pop() { context.handle(job) }
            }
        }
        var names = BulkNames()
        var results = 0
        let isWanted = { (ordinal: Int) in shard.map { ordinal % $0.count == $0.index - 1 } ?? true }
        while let record = reader.next(isWanted: isWanted) {
            guard isWanted(record.ordinal) else { continue }
            results += 1
            switch Self.job(for: record, names: &names) {
            case .success(let job): queue.push(job)
            case .failure(let error):
                state.fail(ordinal: record.ordinal, BatchRunner.Failure(file: record.location, message: error.message, kind: .result))
            }
        }
        queue.close()
        group.wait()
        let finished = state.finished()
        let manifest = Manifest(shard: shard?.description, entries: finished.entries)
        do {
            try AtomicWriter.write(try manifest.jsonData(), to: folder.appendingPathComponent(Manifest.fileName))
        } catch let error as WriteFailure {
            throw .render(RenderError(.output, error.description, cause: error))
        } catch {
            throw .render(RenderError(.output, "\(folder.path)/\(Manifest.fileName): \(error)", cause: error))
        }
        journal.remove()
        return Report(manifest: manifest, failures: finished.failures, results: results,
                      seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                      reused: finished.resume.kept, stale: finished.resume.stale, damaged: finished.resume.damaged,
                      renderedAgain: finished.resume.renderedAgain)
    }

    /// Decodes a record and claims its poster's name; a failure is the record's message.
    /// The message (a JSON path and a reason, or why the record could not be read) is
    /// shown after the record's location.
    static func job(for record: BulkRecord, names: inout BulkNames) -> Result<BulkJob, BulkRecordProblem> {
        let bytes: Data
        switch record.content {
        case .document(let data): bytes = data
        case .unreadable(let reason): return .failure(BulkRecordProblem(message: reason))
        case .skipped: return .failure(BulkRecordProblem(message: "not read"))
        }
        let result: QuizResult
        do throws(ResultError) {
            result = try QuizResult(jsonData: bytes)
        } catch {
            return .failure(BulkRecordProblem(message: error.description))
        }
        let hash = BulkNames.contentHash(of: result)
        let name: String
        switch BulkNames.name(for: result, hash: hash) {
        case .success(let claimed): name = claimed
        case .failure(let error): return .failure(BulkRecordProblem(message: error.description))
        }
        if let error = names.claim(name, for: result, hash: hash, at: record.location) {
            return .failure(BulkRecordProblem(message: error.description))
        }
        return .success(BulkJob(ordinal: record.ordinal, location: record.location, result: result, name: name, resultHash: hash))
    }

    /// How many of `count` results (positions 0…count-1) fall in `shard`.
    static func shardSize(_ count: Int, _ shard: BatchPlan.Shard) -> Int {
        count / shard.count + (count % shard.count >= shard.index ? 1 : 0)
    }

    /// Removes the temporary files that dead writers (a killed run) left directly in the
    /// folder: hidden `.<poster>.png.<pid>.<random>.tmp` and the manifest's and journal's.
    /// Never anything else, never a live process's (a `render -o` into the folder), never
    /// through a symlink (`OutputFolder.removeAbandonedTemporaryFiles`).
    static func removeTemporaryFiles(in output: OutputFolder) {
        output.removeAbandonedTemporaryFiles(where: isPosterStem)
    }

    /// Whether a temporary file's stem is a poster's, the manifest's or the journal's name.
    static func isPosterStem(_ stem: String) -> Bool {
        stem.hasSuffix(".png") || stem == Manifest.fileName || stem == BatchRunner.journalName
    }
}

/// Why one record of a bulk input was not rendered, as shown after its location.
struct BulkRecordProblem: Error {
    let message: String
}

/// What stops a whole bulk run: an input that cannot be opened, or a render error
/// of the run itself (the folder, the lock, the manifest).
public enum BulkRunError: Error, Sendable, CustomStringConvertible {
    /// The input could not be opened (exit status 66 in the CLI).
    case input(BulkInputError)
    /// The folder, its lock or the manifest failed (`RenderError.kind` says how).
    case render(RenderError)

    /// The one-line message.
    public var description: String {
        switch self {
        case .input(let error): error.description
        case .render(let error): error.message
        }
    }
}
