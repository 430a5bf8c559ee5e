import Foundation
import PosterGolden
import PosterKit

/// `nmti-poster golden check`: renders every golden case and compares it with its golden.
struct GoldenCheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Compare fresh renders of every variant with the stored golden images.",
        discussion: """
            Renders the 32 variants and the edge cases (emoji, markup-like and very long
            nicknames, an invited result per pack) of every theme, and the 32 variants
            (a pair theme: its representative pairs) of every other format it ships,
            and compares each with Fixtures/goldens/<theme>/<name>.png (another format
            than the poster: Fixtures/goldens/<theme>/<format>/<name>.png) on decoded
            pixels: exact, unless a
            <name>.tolerance.json next to the golden allows more. A size mismatch, an
            undecodable or blank image, a missing golden or a golden no case renders
            (obsolete) fails. Nothing is written into the goldens folder.

            For each failure it prints the differing pixel count, the largest channel
            difference and where it is, the tolerance in force, the artifacts (golden,
            render, diff, side by side) and the command that accepts the change; it
            writes one report.html for the run and exits with 1.

            EXAMPLES:
              nmti-poster golden check
              nmti-poster golden check --theme neon --report /tmp/golden-report
              nmti-poster golden check --theme classic --format xhs
            """,
        usage: "[<options>]",
        options: [
            .value("theme", short: "t", valueName: "theme",
                   help: "Only this theme (a name or a theme folder). Default: every theme.",
                   isRepeating: true),
            FormatOption.spec(allowsAll: true, defaultText: "every format"),
            .value("goldens", valueName: "dir", help: "The goldens folder (default: Fixtures/goldens)."),
            .value("report", valueName: "dir", help: "Where the report and artifacts go (default: .build/golden-artifacts)."),
        ])

    let plan: GoldenRun

    init(_ values: ParsedValues) throws(UsageError) {
        let themes = values.options("theme")
        plan = GoldenRun(themes: themes.isEmpty ? nil : themes, goldens: values.option("goldens"),
                        report: values.option("report"), mode: .never, only: [],
                        format: try FormatOption(values, allowsAll: true, command: "golden check"))
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let (outcomes, seconds, report, _) = try plan.execute()
        var lines = ReportLines()
        for outcome in outcomes where outcome.failed {
            lines.printLines(outcome.message + "\n", io: &io)
        }
        let failed = outcomes.filter(\.failed)
        lines.print(String(format: "golden check: %@ in %.1f s", GoldenRun.counts(outcomes), seconds), io: &io)
        lines.print("report: \(report)", io: &io)
        if !failed.isEmpty {
            throw CommandFailure(.goldensFailed, "\(failed.count) of \(outcomes.count) goldens failed; see \(report)")
        }
        try lines.finish()
    }
}

/// `nmti-poster golden update`: records goldens from fresh renders.
struct GoldenUpdateCommand: Command {
    static let spec = CommandSpec(
        name: "update",
        abstract: "Record golden images from fresh renders (accept changes).",
        discussion: """
            Renders every golden case (every format of every theme; see 'golden check')
            and writes Fixtures/goldens/<theme>/[<format>/]<name>.png where
            it is missing or its pixels differ, losslessly at libdeflate's highest level
            (12, a few seconds per image). Goldens with identical pixels are never
            rewritten; golden files that no case renders are deleted (only regular files
            inside the goldens folder; symlinks are never followed). With --only-failed,
            goldens that pass within their tolerance are kept too.

            Fixtures/goldens/environment.json, the library versions and font hashes of
            the machine the goldens come from, is written when missing and replaced after
            an update of every case of every theme. A blank or failed render is never
            recorded: the command then exits with 1.

            EXAMPLES:
              nmti-poster golden update
              nmti-poster golden update --theme paper --only-failed
              nmti-poster golden update --theme classic --case workplace-PRED
              nmti-poster golden update --theme classic --format square
            """,
        usage: "[<options>]",
        options: [
            .value("theme", short: "t", valueName: "theme",
                   help: "Only this theme (a name or a theme folder). Default: every theme.",
                   isRepeating: true),
            .flag("only-failed", help: "Only rewrite goldens that fail the check; keep those within tolerance."),
            .value("case", valueName: "name", help: "Only this case, such as workplace-PRED or edge-nickname-long.",
                   isRepeating: true),
            FormatOption.spec(allowsAll: true, defaultText: "every format"),
            .value("goldens", valueName: "dir", help: "The goldens folder (default: Fixtures/goldens)."),
        ])

    let plan: GoldenRun

    init(_ values: ParsedValues) throws(UsageError) {
        let themes = values.options("theme")
        plan = GoldenRun(themes: themes.isEmpty ? nil : themes, goldens: values.option("goldens"), report: nil,
                        mode: values.flag("only-failed") ? .failed : .all, only: values.options("case"),
                        format: try FormatOption(values, allowsAll: true, command: "golden update"))
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let (outcomes, seconds, report, suite) = try plan.execute()
        var lines = ReportLines()
        for outcome in outcomes {
            switch outcome.action {
            case .recorded?: lines.print("recorded \(outcome.id)", io: &io)
            case .rewritten?: lines.print("rewrote \(outcome.id): \(outcome.summary)", io: &io)
            case .removed?: lines.print("removed \(outcome.id): \(outcome.summary)", io: &io)
            case nil: break
            }
        }
        let unresolved = outcomes.filter(\.unresolved)
        for outcome in unresolved { try? io.printLines(outcome.message + "\n", to: .error) }
        // Every golden of every theme now passes here or was recorded here: stamp this machine.
        if plan.themes == nil, plan.only.isEmpty, plan.coversEveryFormat, unresolved.isEmpty {
            do throws(RenderError) {
                if try suite.writeEnvironmentStamp(replacing: true) {
                    lines.print("wrote \(plan.goldensDisplay)/\(EnvironmentStamp.fileName)", io: &io)
                }
            } catch {
                throw CommandFailure(.outputUnwritable, error.message, cause: error)
            }
        } else if let note = suite.environmentNote(), outcomes.contains(where: { $0.action != nil }) {
            lines.print("note: \(EnvironmentStamp.fileName) was kept, as this update did not cover every golden: \(note)", io: &io)
        }
        let written = outcomes.filter { $0.action != nil }.count
        lines.print(String(format: "golden update: %d of %d files written or removed (%@) in %.1f s; goldens: %@",
                                 written, outcomes.count, GoldenRun.counts(outcomes), seconds, plan.goldensDisplay), io: &io)
        if !unresolved.isEmpty {
            lines.print("report: \(report)", io: &io)
            throw CommandFailure(.goldensFailed, "\(unresolved.count) goldens could not be recorded; see \(report)")
        }
        try lines.finish()
    }
}

/// What check and update share: finding themes and cases, running them on the run engine, the report.
struct GoldenRun: Sendable {
    let themes: [String]?
    let goldens: String?
    let report: String?
    let mode: GoldenRecordMode
    let only: [String]
    /// Every format (the default, or `all`), or only one.
    let format: FormatOption

    /// Whether the run covers every format of its themes.
    var coversEveryFormat: Bool { format.name == nil || format.isAll }

    /// The package folder: the parent of the themes folder.
    static var root: URL { ThemeInput.store.directory.deletingLastPathComponent() }

    var goldensURL: URL {
        goldens.map { URL(fileURLWithPath: $0) } ?? Self.root.appendingPathComponent("Fixtures/goldens")
    }

    var goldensDisplay: String { GoldenSuite.relativeToWorkingDirectory(goldensURL) }

    /// Runs every case; returns the outcomes, the seconds taken and the report's path.
    func execute() throws(CommandFailure) -> (outcomes: [GoldenOutcome], seconds: Double, report: String, suite: GoldenSuite) {
        let start = Date()
        let references = themes ?? ThemeInput.store.names()
        guard !references.isEmpty else { throw CommandFailure(.missingInput, "no themes in \(ThemeInput.store.directory.path)") }
        var loaded: [Theme] = []
        for reference in references { loaded.append(try ThemeInput.load(reference)) }

        let fixtures = Self.root.appendingPathComponent("Fixtures/results")
        // One named format: the themes that ship it (a usage error when the only theme, or every one, lacks it).
        let (shipping, _) = try format.formats(of: loaded)
        let wanted = coversEveryFormat ? nil : format.name
        var jobs: [(GoldenCase, Theme)] = []
        for (reference, theme) in zip(references, loaded) where shipping.contains(where: { $0.folder == theme.folder }) {
            let cases = GoldenCase.all(theme: theme.name, themeReference: reference, subject: theme.subject, fixtures: fixtures,
                                       formats: theme.formatNames)
            for testCase in cases where (only.isEmpty || only.contains(testCase.name)) && (wanted == nil || testCase.format == wanted) {
                if let drawn = theme.inFormat(testCase.format) { jobs.append((testCase, drawn)) }
            }
        }
        let known = Set(GoldenCase.all(theme: "", subject: .pair, fixtures: fixtures).map(\.name))
        if let unknown = only.first(where: { !known.contains($0) }) {
            throw CommandFailure(.usage, "there is no golden case '\(unknown)'; cases are <pack>-<CODE> (such as workplace-PRED), "
                                 + GoldenCase.edgeFixtures.map { "edge-\($0)" }.joined(separator: ", ")
                                 + " and, for a pair theme, " + GoldenCase.pairCases.map(\.name).joined(separator: ", "))
        }

        let suite: GoldenSuite
        do throws(RenderError) {
            suite = try GoldenSuite(configuration())
        } catch {
            throw ThemeInput.failure(error)
        }
        suite.removeOldArtifacts()

        // On the run engine: straight onto the renderer's workers.
        var outcomes = suite.run(jobs.map { (testCase: $0.0, theme: $0.1) })
        if only.isEmpty, coversEveryFormat {
            outcomes += suite.obsolete(themes: loaded.map(\.name), cases: jobs.map(\.0), unknownThemes: themes == nil)
        }
        let report: URL
        do throws(RenderError) {
            report = try suite.writeReport(outcomes, title: mode == .never ? "Golden check" : "Golden update")
        } catch {
            throw CommandFailure(.outputUnwritable, error.message, cause: error)
        }
        return (outcomes, Date().timeIntervalSince(start), GoldenSuite.relativeToWorkingDirectory(report), suite)
    }

    func configuration() -> GoldenSuite.Configuration {
        let artifacts = report.map { URL(fileURLWithPath: $0) } ?? Self.root.appendingPathComponent(".build/golden-artifacts")
        let goldensOption = goldens.map { " --goldens \(Self.quoted($0))" } ?? ""
        return GoldenSuite.Configuration(
            goldens: goldensURL, artifacts: artifacts, mode: mode,
            acceptCommand: { _, reference, format, name in
                guard !reference.isEmpty else { return "nmti-poster golden update\(goldensOption)" }
                let which = name.map { " --case \(Self.quoted($0))" } ?? " --only-failed"
                // A case name is the same in every format: one other than the poster is named.
                let formatOption = format.map { " --format \(Self.quoted($0))" } ?? ""
                return "nmti-poster golden update --theme \(Self.quoted(reference))\(formatOption)\(which)\(goldensOption)"
            })
    }

    /// `12 passed, 1 changed, ...` for the statuses that occurred.
    static func counts(_ outcomes: [GoldenOutcome]) -> String {
        GoldenOutcome.Status.allCases.compactMap { status in
            let count = outcomes.filter { $0.status == status }.count
            return count == 0 && status != .passed ? nil : "\(count) \(status.rawValue)"
        }.joined(separator: ", ")
    }

    /// A word as the shell needs it: bare when safe, else in single quotes.
    static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
