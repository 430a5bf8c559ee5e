import Foundation
import PosterKit

/// Batch progress on standard output: a redrawn bar with count, rate and time left
/// on a terminal; one plain line per poster otherwise (logs, CI); nothing when quiet.
final class ProgressDisplay: @unchecked Sendable {
    private let isTerminal: Bool
    private let quiet: Bool
    private let lock = NSLock()
    private let start = DispatchTime.now().uptimeNanoseconds
    private var drewBar = false

    init(isTerminal: Bool, quiet: Bool) {
        self.isTerminal = isTerminal
        self.quiet = quiet
    }

    /// Reports one finished poster. Called from worker threads, so writes are serialised.
    func update(_ progress: BatchRunner.Progress) {
        guard !quiet else { return }
        lock.lock()
        defer { lock.unlock() }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rate = Double(progress.done) / max(elapsed, 0.001)
        if isTerminal {
            let width = 30
            let filled = width * progress.done / max(progress.total, 1)
            let left = Double(progress.total - progress.done) / max(rate, 0.001)
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = String(format: "\r%@ %d/%d  %.1f/s  %.1fs left ", bar, progress.done, progress.total, rate, left)
            FileHandle.standardOutput.write(Data(line.utf8))
            drewBar = true
        } else {
            let status = progress.failed ? "failed" : "ok"
            let line = "[\(progress.done)/\(progress.total)] \(status) \(progress.file)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }

    /// Ends the bar's line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drewBar { FileHandle.standardOutput.write(Data("\n".utf8)) }
    }
}

