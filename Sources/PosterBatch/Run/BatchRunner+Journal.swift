import PosterKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The append-only record of posters finished so far, one JSON manifest entry per
/// line. Appends are single `write` calls on an `O_APPEND` descriptor, so a kill
/// can at worst tear the last line, which a resume skips.
final class Journal: @unchecked Sendable {
    private let url: URL
    private let lock = NSLock()
    private var descriptor: Int32
    private let encoder = JSONEncoder()

    /// Starts a journal holding `entries` (the posters a resume kept), replacing any old one.
    init(url: URL, entries: [Manifest.Entry]) throws(RenderError) {
        self.url = url
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = Data()
        for entry in entries { if let line = try? encoder.encode(entry) { text += line + Data("\n".utf8) } }
        // Written whole and renamed, so the kept entries are never lost to a kill.
        try AtomicFile.write(text, to: url)
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RenderError(.output, "\(url.path): cannot open the batch journal (\(String(cString: strerror(errno)).lowercased()))")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Records a finished poster; best effort, as the journal only speeds up a resume.
    func append(_ entry: Manifest.Entry) {
        guard let line = try? encoder.encode(entry) else { return }
        let bytes = [UInt8](line + Data("\n".utf8))
        lock.lock()
        defer { lock.unlock() }
        guard descriptor >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Deletes the journal once the manifest is written.
    func remove() {
        lock.lock()
        defer { lock.unlock() }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(url.path)
    }
}

/// The shared work queue and results of one run.
final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private let jobs: [Int]
    private var nextIndex = 0
    private var done: Int
    let total: Int
    private(set) var entries: [Manifest.Entry] = []
    private(set) var failures: [BatchRunner.Failure] = []

    /// `jobs` are the plan indices still to render; `done` counts those already kept.
    init(jobs: [Int], total: Int, done: Int) {
        self.jobs = jobs
        self.total = total
        self.done = done
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < jobs.count else { return nil }
        nextIndex += 1
        return jobs[nextIndex - 1]
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
