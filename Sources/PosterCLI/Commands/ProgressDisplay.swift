import Foundation
import PosterBatch
import PosterKit
import Synchronization

/// Batch progress on standard output: a redrawn bar with count, rate and time left
/// on a terminal; one plain line per poster otherwise (logs, CI); nothing when quiet.
///
/// Workers report from their own threads while the command's `TerminalIO` belongs to
/// the calling thread, so the display writes through its own serialised sink
/// (standard output unless a test passes another).
///
/// A closed or full standard output must not stop the batch (its posters and
/// manifest are the point): the first failed write is kept in `failure`, the
/// display goes silent, and the command reports it once the batch is done.
final class ProgressDisplay: Sendable {
    private let isTerminal: Bool
    private let quiet: Bool
    private let sink: @Sendable (String) throws(IOFailure) -> Void
    private let clock: @Sendable () -> UInt64
    private let start: UInt64
    /// What the display has done so far; held while the sink writes, so writes are serialised.
    private let state = Mutex(State())

    private struct State {
        var drewBar = false
        var firstFailure: IOFailure?
    }

    /// - Parameters:
    ///   - sink: receives each piece of text; called with the display's mutex held.
    ///   - clock: monotonic nanoseconds, for the rate and the time left.
    init(isTerminal: Bool, quiet: Bool,
         sink: @escaping @Sendable (String) throws(IOFailure) -> Void = ProgressDisplay.standardOutput,
         clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.isTerminal = isTerminal
        self.quiet = quiet
        self.sink = sink
        self.clock = clock
        start = clock()
    }

    /// Reports one finished poster. Called from worker threads, so writes are serialised.
    func update(_ progress: RunEngine.Progress) {
        guard !quiet else { return }
        state.withLock { state in
            let elapsed = Double(clock() - start) / 1e9
            emit(Self.text(for: progress, elapsed: elapsed, isTerminal: isTerminal), into: &state)
            state.drewBar = state.drewBar || isTerminal
        }
    }

    /// Ends the bar's line.
    func finish() {
        state.withLock { state in
            if state.drewBar { emit("\n", into: &state) }
        }
    }

    /// The first write that failed (a closed pipe, a full device), if any.
    var failure: IOFailure? {
        state.withLock { $0.firstFailure }
    }

    /// Writes through the sink until it fails once; called with the mutex held.
    private func emit(_ text: String, into state: inout State) {
        guard state.firstFailure == nil else { return }
        do throws(IOFailure) {
            try sink(text)
        } catch {
            state.firstFailure = error
        }
    }

    /// Writes to the process's standard output with write(2): an error is
    /// returned, never raised as a trap (FileHandle.write traps on EPIPE).
    static let standardOutput: @Sendable (String) throws(IOFailure) -> Void = { text throws(IOFailure) in
        var io = SystemIO()
        try io.write(text, to: .output)
    }

    /// What one update prints: on a terminal the bar, redrawn over the previous one
    /// (`\r`, no newline); otherwise a whole line naming the poster.
    /// A total of 0 means it is not known (a bulk render reading a pipe): the count
    /// and the rate are shown without a bar.
    static func text(for progress: RunEngine.Progress, elapsed: Double, isTerminal: Bool) -> String {
        let count = progress.total > 0 ? "\(progress.done)/\(progress.total)" : "\(progress.done)"
        guard isTerminal else {
            let status = progress.failed ? "failed" : "ok"
            return "[\(count)] \(status) \(TerminalText.escaped(progress.file))\n"
        }
        guard progress.total > 0 else {
            return String(format: "\r%d done  %.1f/s ", progress.done, Double(progress.done) / max(elapsed, 0.001))
        }
        let width = 30
        let filled = width * min(progress.done, progress.total) / max(progress.total, 1)
        let rate = Double(progress.done) / max(elapsed, 0.001)
        let left = Double(progress.total - progress.done) / max(rate, 0.001)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return String(format: "\r%@ %d/%d  %.1f/s  %.1fs left ", bar, progress.done, progress.total, rate, left)
    }
}
