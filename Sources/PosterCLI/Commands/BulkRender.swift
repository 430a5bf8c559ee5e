import Foundation
import PosterBatch
import PosterKit
import PosterLinks

/// `render` with many results: runs a `ResultStream` on the `RunEngine` with the progress display and
/// turns its report into the summary line, the failure lines and the exit status.
enum BulkRender {
    /// Renders every result of `options` with `theme`, in `format`, into `options.out`
    /// (a format other than the poster into `<out>/<format>/`).
    ///
    /// Exit status: 0 when every result was rendered (or kept); 1 when some failed
    /// (each is listed as `failed: <file>[:<line>]: <JSON path>: <reason>`), or 73
    /// when every failure was a poster that could not be written; 66 when the
    /// `--results` file cannot be opened; 73, 75 and 78 as for `batch` (the folder,
    /// its lock, the theme); 74 when only the progress on standard output failed.
    static func run(_ options: BulkRenderOptions, theme: String, format: FormatOption, compression: PosterCompression,
                    links: LinkStyle = .scheme, quiet: Bool, io: inout some TerminalIO) throws(CommandFailure) {
        let loaded = try format.format(of: try ThemeInput.load(theme))
        let engine = RunEngine(renderer: try ThemeInput.renderer(compression: compression, workers: options.jobs, links: links),
                               compression: compression, engine: "nmti-poster \(NMTIPoster.version)")
        let results: ResultStream
        do throws(ResultStream.InputError) {
            results = try ResultStream(options.input(), theme: loaded, shard: options.shard)
        } catch {
            throw CommandFailure(error.isMissing ? .missingInput : .stream, error.description, cause: error)
        }
        let display = ProgressDisplay(isTerminal: io.isTerminal(.output), quiet: quiet)
        let report: RunEngine.Report
        do throws(RenderError) {
            report = try engine.run(results, into: URL(fileURLWithPath: options.out), resume: options.resume) { display.update($0) }
        } catch {
            throw ThemeInput.failure(error)
        }
        display.finish()
        if options.resume {
            ResumeNote.print(kept: report.reused, renderedAgain: report.renderedAgain, damaged: report.damaged, stale: report.stale,
                             quiet: quiet, io: &io)
        }
        for failure in report.failures { io.printErrorLine("failed: \(failure)") }
        var stdoutFailure = display.failure
        if !quiet, stdoutFailure == nil {
            do throws(IOFailure) {
                try io.printLine(summary(of: report, out: options.out))
                if let notes = fitSummary(of: report, out: options.out) { try io.printLine(notes) }
                if case .scheme = links.form, let note = LinkOptions.schemeNote(true, [loaded]) { try io.printLine(note) }
            } catch {
                stdoutFailure = error
            }
        }
        if !report.failures.isEmpty {
            let kind: FailureKind = report.failures.allSatisfy { $0.kind == .output } ? .outputUnwritable : .postersFailed
            throw CommandFailure(kind, "\(report.failures.count) of \(report.results) results failed; the others were rendered into \(options.out)")
        }
        if let stdoutFailure {
            throw CommandFailure(.stream, "\(stdoutFailure); the render was completed anyway (\(report.manifest.entries.count) posters and \(options.out)/\(Manifest.fileName) written)")
        }
    }

    /// `fit notes for 3 of 998 posters (1 overflowed or drew outside the canvas); each poster's are under "notes" in out/manifest.json`,
    /// or nil when every poster fitted as designed.
    static func fitSummary(of report: RunEngine.Report, out: String) -> String? {
        let noted = report.manifest.entries.compactMap(\.notes).filter { !$0.isEmpty }
        guard !noted.isEmpty else { return nil }
        // The notes are FitNote descriptions, `<element>: <kind> (…)`: the kind follows the first ": ".
        let problems = noted.filter { notes in
            notes.contains { note in
                let kind = note.components(separatedBy: ": ").dropFirst().first ?? ""
                return kind.hasPrefix(FitNote.Kind.overflowed.rawValue) || kind.hasPrefix(FitNote.Kind.outsideCanvas.rawValue)
            }
        }.count
        let count = report.manifest.entries.count
        let problemText = problems > 0 ? " (\(problems) overflowed or drew outside the canvas)" : ""
        return "fit notes for \(noted.count) of \(count) \(count == 1 ? "poster" : "posters")\(problemText); each poster's are under \"notes\" in \(out)/\(Manifest.fileName)"
    }

    /// `rendered 998 posters (12 kept from an earlier run) in 20.1 s (49.6/s) into out; manifest out/manifest.json; 2 failed`.
    static func summary(of report: RunEngine.Report, out: String) -> String {
        let count = report.manifest.entries.count
        let kept = report.reused > 0 ? " (\(report.reused) kept from an earlier run)" : ""
        let rate = Double(count - report.reused) / max(report.seconds, 0.001)
        let stale = report.stale.isEmpty ? "" : "; re-rendered stale posters made with another "
            + report.stale.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
        let failed = report.failures.isEmpty ? "" : "; \(report.failures.count) failed"
        return String(format: "rendered %d %@%@ in %.2f s (%.1f/s) into %@; manifest %@/%@", count, count == 1 ? "poster" : "posters",
                      kept, report.seconds, rate, out, out, Manifest.fileName) + stale + failed
    }
}
