import Foundation
import NMTIDomain
import PosterBatch
import PosterKit
import Synchronization

extension GoldenSuite {
    /// Renders and checks many cases on the run engine (`RunEngine`), each with its loaded
    /// theme, recording goldens as the mode allows; the outcomes in the order given.
    ///
    /// The cases go straight to the renderer's workers, and each is checked (and its golden
    /// encoded and written) by the worker that drew it: comparing pixels and encoding at
    /// libdeflate's highest level are the heavy part of a golden update.
    package func run(_ cases: [(testCase: GoldenCase, theme: Theme)]) -> [GoldenOutcome] {
        var source = GoldenCases(suite: self, cases: cases)
        // A run without a manifest fails only for what a manifest needs (the folder, the lock).
        _ = try? RunEngine(renderer: renderer, compression: .smallest).run(&source, into: configuration.goldens)
        return source.outcomes.all
    }
}

/// Golden cases as a source of the run engine. Goldens get none of a manifest run's
/// bookkeeping (`RunOptions.keepsManifest` false), on purpose:
/// - no `manifest.json`, journal or lock file: the goldens folder is checked in, and
///   `golden check` writes nothing there at all; each golden is written atomically, so two
///   updates at once cannot tear one;
/// - no resume: a golden is compared on pixels and rewritten only when they differ, so an
///   update run again after a kill renders every case (cheap) and rewrites only what still
///   differs, which is what a resume would do;
/// - no provenance per file: `environment.json` records the libraries and fonts of the
///   machine the goldens come from.
/// What it does get: the renderer's workers without threads of its own, and the removal of
/// goldens' temporary files that a killed update left (an update only; never a live one's).
struct GoldenCases: RunSource {
    let suite: GoldenSuite
    let cases: [(testCase: GoldenCase, theme: Theme)]
    let outcomes: GoldenOutcomes
    private var position = 0

    init(suite: GoldenSuite, cases: [(testCase: GoldenCase, theme: Theme)]) {
        self.suite = suite
        self.cases = cases
        outcomes = GoldenOutcomes(count: cases.count)
    }

    var options: RunOptions { RunOptions(keepsManifest: false, finishing: .onWorker) }
    var expectedCount: Int { cases.count }
    var shard: BatchPlan.Shard? { nil }
    var themes: [Theme] { [] }

    /// The theme folders of the cases and the stamp's folder, when the mode may write.
    var folders: Set<String> {
        suite.configuration.mode == .never ? [] : Set(cases.map(\.testCase.folder) + [""])
    }

    func check() throws(RenderError) {}

    func ownsTemporaryFile(stem: String, in folder: String) -> Bool {
        if folder.isEmpty { return stem == EnvironmentStamp.fileName }
        return cases.contains { $0.testCase.folder == folder && "\($0.testCase.name).png" == stem }
    }

    mutating func next() -> RunItem<GoldenJob>? {
        guard position < cases.count else { return nil }
        defer { position += 1 }
        let (testCase, theme) = cases[position]
        do throws(ResultError) {
            return .job(GoldenJob(ordinal: position, suite: suite, testCase: testCase, theme: theme,
                                  result: try testCase.result(), outcomes: outcomes))
        } catch {
            // A case whose result cannot be read fails without a render, as `run(_:theme:)` does.
            let outcome = suite.run(testCase, theme: theme)
            outcomes.set(position, outcome)
            return .rejected(RunEngine.Failure(file: testCase.id, message: outcome.summary, kind: .result), ordinal: position)
        }
    }
}

/// One golden case: drawn to a raster, then checked, and recorded as the mode allows.
struct GoldenJob: RunJob {
    let ordinal: Int
    let suite: GoldenSuite
    let testCase: GoldenCase
    let theme: Theme
    let result: QuizResult
    let outcomes: GoldenOutcomes

    var request: RenderRequest { GoldenSuite.request(result, theme: theme) }

    func finish(_ outcome: Result<RenderOutput, RenderError>, in run: RunContext) {
        let checked = suite.check(testCase, theme: theme, result: result, rendered: outcome)
        outcomes.set(ordinal, checked)
        run.count(testCase.id, failed: checked.failed)
    }
}

/// Outcomes filled in from the workers, each case's once.
final class GoldenOutcomes: Sendable {
    private let slots: Mutex<[GoldenOutcome?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func set(_ index: Int, _ outcome: GoldenOutcome) {
        slots.withLock { $0[index] = outcome }
    }

    /// Every outcome set, in case order.
    var all: [GoldenOutcome] {
        slots.withLock { $0.compactMap { $0 } }
    }
}
