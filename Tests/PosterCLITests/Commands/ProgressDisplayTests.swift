import PosterBatch
import Foundation
import PosterKit
import Synchronization
import Testing
@testable import PosterCLI

/// The batch progress display: what it prints on a terminal, in a log, and when quiet.
@Suite("Progress display")
struct ProgressDisplayTests {
    /// Collects what the display writes; the display calls it from worker threads.
    final class Sink: Sendable {
        private let pieces = Mutex<[String]>([])
        var text: String { pieces.withLock { $0.joined() } }
        func write(_ piece: String) { pieces.withLock { $0.append(piece) } }
    }

    func progress(_ done: Int, of total: Int, failed: Bool = false) -> RunEngine.Progress {
        RunEngine.Progress(done: done, total: total, file: "classic/workplace/PRED.png", failed: failed)
    }

    @Test func logLinesNameEachPosterAndItsOutcome() {
        #expect(ProgressDisplay.text(for: progress(3, of: 32), elapsed: 1, isTerminal: false)
            == "[3/32] ok classic/workplace/PRED.png\n")
        #expect(ProgressDisplay.text(for: progress(4, of: 32, failed: true), elapsed: 1, isTerminal: false)
            == "[4/32] failed classic/workplace/PRED.png\n")
    }

    @Test func theBarShowsCountRateAndTimeLeft() {
        let half = ProgressDisplay.text(for: progress(16, of: 32), elapsed: 2, isTerminal: true)
        #expect(half == "\r" + String(repeating: "█", count: 15) + String(repeating: "░", count: 15)
            + " 16/32  8.0/s  2.0s left ")
        let done = ProgressDisplay.text(for: progress(32, of: 32), elapsed: 4, isTerminal: true)
        #expect(done.hasPrefix("\r" + String(repeating: "█", count: 30) + " 32/32"))
        #expect(done.hasSuffix("0.0s left "))
        #expect(!done.contains("\n"))
    }

    @Test func anUnknownTotalShowsTheCountAndRateWithoutABar() {
        // A bulk render reading a pipe does not know how many results will come.
        #expect(ProgressDisplay.text(for: progress(5, of: 0), elapsed: 1, isTerminal: false)
            == "[5] ok classic/workplace/PRED.png\n")
        #expect(ProgressDisplay.text(for: progress(10, of: 0), elapsed: 2, isTerminal: true) == "\r10 done  5.0/s ")
    }

    @Test func theBarEndsWithOneNewlineAndAQuietDisplayPrintsNothing() {
        let bar = Sink()
        let terminal = ProgressDisplay(isTerminal: true, quiet: false, sink: { bar.write($0) }, clock: { 0 })
        terminal.update(progress(1, of: 2))
        terminal.update(progress(2, of: 2))
        terminal.finish()
        #expect(bar.text.components(separatedBy: "\r").count == 3)
        #expect(bar.text.hasSuffix(" \n") && bar.text.filter { $0 == "\n" }.count == 1)

        let log = Sink()
        let plain = ProgressDisplay(isTerminal: false, quiet: false, sink: { log.write($0) })
        plain.update(progress(1, of: 1))
        plain.finish()
        #expect(log.text == "[1/1] ok classic/workplace/PRED.png\n")

        let silent = Sink()
        let quiet = ProgressDisplay(isTerminal: true, quiet: true, sink: { silent.write($0) })
        quiet.update(progress(1, of: 1))
        quiet.finish()
        #expect(silent.text.isEmpty)
    }

    @Test func concurrentUpdatesNeverInterleave() async {
        let log = Sink()
        let display = ProgressDisplay(isTerminal: false, quiet: false, sink: { log.write($0) })
        await withTaskGroup(of: Void.self) { group in
            for done in 1...200 { group.addTask { display.update(progress(done, of: 200)) } }
        }
        let lines = log.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 200)
        #expect(Set(lines) == Set((1...200).map { "[\($0)/200] ok classic/workplace/PRED.png" }))
    }

    @Test func aFailingSinkSilencesTheDisplayAndIsKept() {
        let log = Sink()
        let calls = Sink()
        let display = ProgressDisplay(isTerminal: false, quiet: false, sink: { text throws(IOFailure) in
            calls.write("+")
            guard log.text.isEmpty else { throw IOFailure(path: "<stdout>", reason: .system("broken pipe")) }
            log.write(text)
        })
        for done in 1...3 { display.update(progress(done, of: 3)) }
        display.finish()
        #expect(log.text == "[1/3] ok classic/workplace/PRED.png\n")
        #expect(calls.text == "++", "the display kept writing after a failed write")
        #expect(display.failure == IOFailure(path: "<stdout>", reason: .system("broken pipe")))
    }
}

