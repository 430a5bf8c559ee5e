import Foundation
import NMTIDomain

/// Renders a batch plan on several threads, writing each poster atomically and
/// recording it in a manifest. A failing poster does not stop the others.
public struct BatchRunner: Sendable {
    /// Progress after each poster.
    public struct Progress: Sendable {
        public let done: Int
        public let total: Int
        public let file: String
        public let failed: Bool
    }

    /// A poster that could not be rendered or written.
    public struct Failure: Sendable, CustomStringConvertible {
        public let file: String
        public let message: String
        public var description: String { "\(file): \(message)" }
    }

    /// What a run produced.
    public struct Report: Sendable {
        public let manifest: Manifest
        public let failures: [Failure]
        public let seconds: Double
    }

    let renderer: PosterRenderer
    let threads: Int

    /// Creates a runner over `threads` workers (at least 1).
    public init(renderer: PosterRenderer, threads: Int) {
        self.renderer = renderer
        self.threads = max(1, threads)
    }

    /// Renders every job into `folder`, then writes `manifest.json` there.
    public func run(_ plan: BatchPlan, into folder: URL, progress: @escaping @Sendable (Progress) -> Void = { _ in })
        throws(RenderError) -> Report
    {
        let start = DispatchTime.now().uptimeNanoseconds
        for directory in Set(plan.jobs.map { folder.appendingPathComponent($0.file).deletingLastPathComponent() }) {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw RenderError(.output, "\(directory.path): cannot create the folder (\(error.localizedDescription))")
            }
        }
        let state = RunState(total: plan.jobs.count)
        let group = DispatchGroup()
        let renderer = self.renderer
        for _ in 0..<min(threads, max(1, plan.jobs.count)) {
            DispatchQueue.global().async(group: group) {
                while let index = state.next() {
                    let job = plan.jobs[index]
                    let began = DispatchTime.now().uptimeNanoseconds
                    do {
                        let poster = try renderer.render(job.result, theme: job.theme, to: folder.appendingPathComponent(job.file))
                        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
                        let entry = Manifest.Entry(
                            theme: job.theme.name, pack: job.pack.rawValue, code: job.code.rawValue, file: job.file,
                            bytes: poster.png.count, sha256: SHA256.hex(poster.png), milliseconds: (milliseconds * 10).rounded() / 10)
                        progress(state.finish(entry: entry, file: job.file))
                    } catch {
                        progress(state.fail(Failure(file: job.file, message: "\(error)"), file: job.file))
                    }
                }
            }
        }
        group.wait()
        let manifest = Manifest(shard: plan.shard?.description, entries: state.entries)
        do {
            try AtomicFile.write(try manifest.jsonData(), to: folder.appendingPathComponent(Manifest.fileName))
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(.output, "\(folder.path)/\(Manifest.fileName): \(error)")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Report(manifest: manifest, failures: state.failures.sorted { $0.file < $1.file }, seconds: seconds)
    }
}

/// The shared work queue and results of one run.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var done = 0
    let total: Int
    private(set) var entries: [Manifest.Entry] = []
    private(set) var failures: [BatchRunner.Failure] = []

    init(total: Int) {
        self.total = total
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < total else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func finish(entry: Manifest.Entry, file: String) -> BatchRunner.Progress {
        lock.lock()
        defer { lock.unlock() }
        entries.append(entry)
        done += 1
        return BatchRunner.Progress(done: done, total: total, file: file, failed: false)
    }

    func fail(_ failure: BatchRunner.Failure, file: String) -> BatchRunner.Progress {
        lock.lock()
        defer { lock.unlock() }
        failures.append(failure)
        done += 1
        return BatchRunner.Progress(done: done, total: total, file: file, failed: true)
    }
}
