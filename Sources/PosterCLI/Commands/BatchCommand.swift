import Foundation
import NMTIDomain
import PosterBatch
import PosterKit

/// `nmti-poster batch`: renders every variant (16 types x 2 packs) of one or all themes.
struct BatchCommand: Command {
    static let spec = CommandSpec(
        name: "batch",
        abstract: "Render all 32 variants of a theme (or of every theme) in parallel.",
        discussion: """
            Renders the 16 types x 2 packs from the domain's catalogue into
            <out>/<theme>/<pack>/<CODE>.png and writes <out>/manifest.json with each file's
            theme, format, pack, code, bytes, sha256 and render time. Files are written to a
            temporary name and renamed. A poster that fails does not stop the others; the
            command then exits non-zero and lists the failures. Any --jobs value gives the
            same files, byte for byte. Nothing is written outside --out: a symlinked
            folder or poster inside it is refused (73), never followed.

            --format NAME renders that format of the theme (docs/themes.md, "Formats")
            and --format all every format it ships; without it, the theme's default.
            The poster format keeps the paths above; another format goes to
            <out>/<theme>/<format>/<pack>/<CODE>.png, and each manifest entry records
            its format ("format"; an entry without one is a poster). A theme that does
            not ship the format is a usage error (64) listing the formats it ships;
            with --all-themes, the themes that do not ship it are left out with a
            note (and it is an error only when none does). --format all --all-themes
            renders every format of every theme.

            --shard K/N renders the K-th of N disjoint slices, so a job runner (a CI matrix,
            Kubernetes Indexed Jobs, GNU parallel) can spread a batch over machines; merge
            the N manifests with 'nmti-poster manifest merge'.

            Each finished poster is also recorded in <out>/.manifest.journal. If a batch is
            killed, run it again with --resume: posters already written that are still
            regular files inside --out (not symlinks, not hard-linked) whose size and
            sha256 match the journal or manifest are kept, all others are rendered again
            (a symlink in a poster's place is replaced, never followed), one line on
            standard error says how many were kept and re-rendered and why (with --quiet
            only if some were re-rendered), and temporary files that killed runs left
            behind are removed (never those of a live process). Every poster's
            manifest entry records its provenance: the theme's content digest (theme
            file and assets), --compression, the engine (tool version, library
            versions, font files) and how links are printed (--link-base, the signing
            key's identifier). --resume renders again, and reports, every poster made
            another way, so a batch is never mixed.

            --link-base and --link-key-file print every poster's QR link in the web
            form and sign it, as for 'render' (docs/links.md).

            While it runs, a batch holds a lock on <out>/.batch.lock; a second batch
            into the same folder stops at once with status 75. Two themes under
            --all-themes that declare the same name are refused (status 78). A shard
            with no posters still creates <out> and an empty manifest.

            Progress goes to standard output. If it is closed or full (| head -1), the
            batch still writes every poster and the manifest, then exits 74.

            EXAMPLES:
              nmti-poster batch --out out
              nmti-poster batch --all-themes --out out --jobs 2
              nmti-poster batch --all-themes --format all --out out
              nmti-poster batch --theme classic --format xhs --out out
              nmti-poster batch --theme neon --pack student --shard 1/4 --out shard1
              nmti-poster batch --out out --compression fast
            """,
        arguments: [],
        options: [
            .value("theme", short: "t", valueName: "theme", defaultValue: ThemeStore.defaultThemeName,
                   help: "The theme to render."),
            .flag("all-themes", help: "Render every theme in the themes folder."),
            FormatOption.spec(allowsAll: true),
            .value("out", short: "o", valueName: "dir", help: "The output folder (created if missing)."),
            .value("jobs", short: "j", valueName: "n", defaultValue: "number of cores", help: "Posters rendered at once."),
            .value("pack", valueName: "pack", help: "Only this pack: workplace or student."),
            .value("shard", valueName: "K/N", help: "Only the K-th of N disjoint slices."),
            ThemeInput.compressionOption,
            .flag("resume", help: "Keep intact posters an earlier run made the same way; render the rest."),
            .flag("quiet", short: "q", help: "Print nothing but errors."),
        ] + LinkOptions.specOptions)

    let themes: [String]?
    let out: String
    let jobs: Int
    let packs: [QuizPack]
    let shard: BatchPlan.Shard?
    let quiet: Bool
    let resume: Bool
    let compression: PosterCompression
    let links: LinkOptions
    /// Which formats of each theme to render.
    let format: FormatOption

    init(_ values: ParsedValues) throws(UsageError) {
        guard let out = values.options("out").last else { throw UsageError("missing option --out <dir>") }
        guard !out.isEmpty else { throw UsageError("--out needs a folder name; '' names no folder") }
        self.out = out
        let allThemes = values.flag("all-themes")
        if allThemes, !values.options("theme").isEmpty { throw UsageError("--theme and --all-themes cannot be used together") }
        themes = allThemes ? nil : [values.option("theme") ?? ThemeStore.defaultThemeName]
        if let text = values.options("jobs").last {
            guard let count = Int(text), (1...256).contains(count) else { throw UsageError("--jobs must be a number from 1 to 256, not '\(text)'") }
            jobs = count
        } else {
            jobs = ProcessInfo.processInfo.activeProcessorCount
        }
        if let text = values.options("pack").last {
            guard let pack = QuizPack(rawValue: text) else { throw UsageError("--pack must be workplace or student, not '\(text)'") }
            packs = [pack]
        } else {
            packs = QuizPack.allCases
        }
        if let text = values.options("shard").last {
            guard let shard = BatchPlan.Shard(text) else { throw UsageError("--shard must be K/N with 1 <= K <= N, not '\(text)'") }
            self.shard = shard
        } else {
            shard = nil
        }
        quiet = values.flag("quiet")
        resume = values.flag("resume")
        compression = try ThemeInput.compression(values)
        links = try LinkOptions(values)
        format = try FormatOption(values, allowsAll: true, command: "batch")
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let names = themes ?? ThemeInput.store.names()
        guard !names.isEmpty else { throw CommandFailure(.missingInput, "no themes in \(ThemeInput.store.directory.path)") }
        var loaded: [Theme] = []
        for name in names { loaded.append(try ThemeInput.load(name)) }
        let (formats, skipped) = try format.formats(of: loaded)
        if !quiet, let note = FormatOption.skippedNote(skipped, format: format.name) { io.printErrorLine(note) }
        let plan = BatchPlan(themes: formats, packs: packs, shard: shard)
        let style = try links.style()
        let engine = RunEngine(renderer: try ThemeInput.renderer(compression: compression, workers: jobs, links: style),
                               compression: compression, engine: "nmti-poster \(NMTIPoster.version)")
        let display = ProgressDisplay(isTerminal: io.isTerminal(.output), quiet: quiet)
        let report: RunEngine.Report
        do throws(RenderError) {
            report = try engine.run(plan, into: URL(fileURLWithPath: out), resume: resume) { display.update($0) }
        } catch {
            throw ThemeInput.failure(error)
        }
        display.finish()
        if resume {
            ResumeNote.print(kept: report.reused, renderedAgain: report.renderedAgain, damaged: report.damaged, stale: report.stale,
                             quiet: quiet, io: &io)
        }
        for failure in report.failures { io.printErrorLine("failed: \(failure)") }
        let rate = Double(report.manifest.entries.count) / max(report.seconds, 0.001)
        var stdoutFailure = display.failure
        if !quiet {
            let kept = report.reused > 0 ? " (\(report.reused) kept from the interrupted run)" : ""
            let stale = report.stale.isEmpty ? "" : "; re-rendered stale posters made with another "
                + report.stale.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            do throws(IOFailure) {
                if stdoutFailure == nil {
                    let count = report.manifest.entries.count
                    try io.printLine(String(format: "rendered %d %@%@ in %.2f s (%.1f/s) into %@; manifest %@/%@",
                                            count, count == 1 ? "poster" : "posters", kept, report.seconds, rate, out, out, Manifest.fileName)
                                     + stale)
                    if let note = links.schemeNote(loaded) { try io.printLine(note) }
                }
            } catch {
                stdoutFailure = error
            }
        }
        if !report.failures.isEmpty {
            // Only write failures (a full disk, a read-only folder): the output could not be created.
            let kind: FailureKind = report.failures.allSatisfy { $0.kind == .output } ? .outputUnwritable : .postersFailed
            throw CommandFailure(kind, "\(report.failures.count) of \(plan.jobs.count) posters failed")
        }
        if let stdoutFailure {
            // Progress is only a report: the posters and the manifest are complete.
            throw CommandFailure(.stream, "\(stdoutFailure); the batch was completed anyway (\(report.manifest.entries.count) posters and \(out)/\(Manifest.fileName) written)")
        }
    }
}
