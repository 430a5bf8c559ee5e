import Foundation
import NMTIDomain
import PosterKit

/// `nmti-poster preview`: a contact sheet of every variant plus a fit report — a theme lint.
struct PreviewCommand: Command {
    static let spec = CommandSpec(
        name: "preview",
        abstract: "Render a contact sheet of all 32 variants and report what did not fit.",
        discussion: """
            Renders the 16 types x 2 packs of a theme into one labelled grid (or, with
            --result, that result in every theme) and prints a fit report: each text
            that was shrunk, cut with an ellipsis, shortened to whole sentences or
            still overflowed its box, and any element drawn outside the canvas.
            A theme with subject "pair" is also drawn for all 256 ordered (invitee,
            inviter) pairs of each pack, 544 posters in all, 16 to a row and 60 points
            wide unless --tile-width says otherwise. With --theme, the 192 personalised
            results of 'themes validate' (long and emoji nicknames, invited) are laid
            out too, not drawn on the sheet: what overflows in them is listed under
            the fit report, and an element whose 'when' none of the results meets is
            a warning. The contrast report (over the variants and 64 personalised
            results) and the QR scan lint of 'themes validate' follow (--no-contrast,
            --no-scan skip them; the scan lint runs on --theme previews only), then
            the lints that ran.
            Variants with a problem get a red frame on the sheet. Exits with 1 when
            anything overflowed or left the canvas (personalised results included),
            so CI can run it as a theme lint;
            shrinking and cutting are reported only.

            FORMATS:
            --format NAME previews that format of the theme (docs/themes.md, "Formats");
            a format the theme does not ship is a usage error (64) listing the ones it
            does. --format all previews every format it ships, each on its own sheet:
            -o preview.png writes preview-poster.png, preview-xhs.png, … (-o - is then
            a usage error). The fit, contrast and scan lints run for each format, and
            for a theme with several formats every heading and line names the format
            ("classic (square): workplace-PRED: ..."). In a format with a safe area
            (story: the top 14% and the bottom 20%, which the app covers), a text or QR
            code that reaches into it is a fit problem, 'outsideSafeArea', naming its
            JSON path. With --result, --format NAME shows the themes that ship it.

            --debug draws each poster's layout over it: element boxes and labels,
            baselines, QR codes as drawn, safe zones (see render --debug). For a closer
            look at one variant, use render --debug or studio.

            --watch re-renders whenever a file in the theme folder changes and prints
            how long it took; a theme that stops validating prints its errors and the
            watch goes on. Stop it with Ctrl-C.

            -o - writes the sheet to standard output and the fit report to standard
            error. -o follows the same rules as render's: .png or no extension, FIFOs
            and character devices streamed into, symlinks and other nodes refused (73).

            EXAMPLES:
              nmti-poster preview --theme neon -o neon.png
              nmti-poster preview --result Fixtures/results/invited-student.json
              nmti-poster preview --theme Themes/my-theme --watch
              nmti-poster preview --theme classic --format all -o sheets/classic.png
            """,
        arguments: [],
        options: [
            .value("theme", short: "t", valueName: "theme", defaultValue: ThemeStore.defaultThemeName,
                   help: "The theme to preview."),
            .value("result", short: "r", valueName: "file",
                   help: "Show this result in every theme instead."),
            .value("output", short: "o", valueName: "path", defaultValue: "preview.png",
                   help: "The contact sheet PNG, or -."),
            .value("tile-width", valueName: "points", defaultValue: "150",
                   help: "Poster width on the sheet, 40-375 (a pair theme: 60)."),
            FormatOption.spec(allowsAll: true),
            .flag("watch", short: "w", help: "Re-render when the theme folder changes."),
            .flag("debug", help: "Draw element boxes, baselines, QR codes as drawn and safe zones over each poster."),
            .flag("no-contrast", help: "Skip the WCAG AA contrast report (a second pass over every variant)."),
        ] + ScanCheckOptions.specOptions)

    let theme: String
    let result: String?
    let output: String
    let watch: Bool
    /// The --tile-width given, or nil for the default (150 points, 60 for a pair theme).
    let tileWidth: Double?
    let checksContrast: Bool
    /// Whether each poster carries the debug boxes.
    let debug: Bool
    /// Whether and how a theme preview gets the QR scan lint.
    let scan: ScanCheckOptions
    /// Which formats to preview.
    let format: FormatOption

    init(_ values: ParsedValues) throws(UsageError) {
        theme = values.option("theme") ?? ThemeStore.defaultThemeName
        result = values.options("result").last
        output = try OutputOption.check(values.option("output") ?? "preview.png", image: true)
        watch = values.flag("watch")
        checksContrast = !values.flag("no-contrast")
        debug = values.flag("debug")
        scan = try ScanCheckOptions(values)
        if let width = values.options("tile-width").last {
            guard let tile = Double(width), (40...375).contains(tile) else {
                throw UsageError("--tile-width must be a number from 40 to 375, not '\(width)'")
            }
            tileWidth = tile
        } else {
            tileWidth = nil
        }
        if watch, result != nil { throw UsageError("--watch follows one theme; it cannot be combined with --result") }
        format = try FormatOption(values, allowsAll: true, command: "preview")
        if format.isAll, output == OutputOption.standardOutput {
            throw UsageError("--format all writes one sheet per format (<name>-<format>.png); -o - can take only one: name a file, or choose one format")
        }
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let renderer = try ThemeInput.renderer()
        if result == nil { try scan.requireDecoder() }
        guard watch else {
            let findings = try preview(renderer: renderer, io: &io)
            if findings.fitProblems {
                throw CommandFailure(.fitProblems, "some variants overflow or leave the canvas or its safe area; see the fit report above")
            }
            if findings.lowContrast { throw CommandFailure(.lowContrast, "some texts fail WCAG AA contrast; see the contrast report above") }
            if findings.scanFailures > 0 { throw CommandFailure(.unscannable, "some QR codes do not read back after recompression; see the scan report above") }
            return
        }
        var stamp: WatchSnapshot?
        while true {
            let current = WatchSnapshot(themeLocation: ThemeInput.store.location(of: theme))
            if current != stamp {
                stamp = current
                let start = DispatchTime.now().uptimeNanoseconds
                do throws(CommandFailure) {
                    _ = try preview(renderer: renderer, io: &io)
                    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                    try? io.printLine(String(format: "re-rendered in %.0f ms; watching for changes (Ctrl-C stops)", milliseconds))
                } catch {
                    // A closed standard output ends the watch: nothing could be reported any more.
                    if error.kind == .stream { throw error }
                    io.printErrorLine(error.message ?? "preview failed")
                    try? io.printLine("the preview failed; watching for changes")
                }
            }
            Thread.sleep(forTimeInterval: 0.25)
        }
    }

    /// Renders the previews, writes one sheet per format and prints its reports.
    private func preview(renderer: PosterRenderer, io: inout some TerminalIO) throws(CommandFailure) -> PreviewFindings {
        var findings = PreviewFindings()
        if let result {
            let loadedResult = try ResultInput.load(result, io: &io)
            var themes: [Theme] = []
            for name in ThemeInput.store.names() { themes.append(try ThemeInput.load(name)) }
            for sheet in try resultSheets(themes, io: &io) {
                try previewResult(loadedResult, in: sheet.themes, format: sheet.format, renderer: renderer, into: &findings, io: &io)
            }
        } else {
            let loaded = try ThemeInput.load(theme)
            for warning in loaded.assetWarnings { io.printErrorLine(TerminalText.escaped(warning)) }
            for theme in try format.formats(of: loaded) {
                try previewCatalogue(of: theme, renderer: renderer, into: &findings, io: &io)
            }
        }
        return findings
    }

    /// The themes of each sheet of a `--result` preview: every theme in its default format
    /// without --format; the themes that ship a named format; a sheet per format for `all`.
    private func resultSheets(_ themes: [Theme], io: inout some TerminalIO) throws(CommandFailure) -> [(format: String?, themes: [Theme])] {
        guard let name = format.name else { return [(nil, themes)] }
        guard format.isAll else {
            let (chosen, skipped) = try format.formats(of: themes)
            if let note = FormatOption.skippedNote(skipped, format: name) { io.printErrorLine(note) }
            return [(name, chosen)]
        }
        var names: [String] = []
        for theme in themes { names += theme.formatNames.filter { !names.contains($0) } }
        return names.map { name in (name, themes.compactMap { $0.inFormat(name) }) }
    }

    /// Every variant of one theme in one format: its sheet and its reports.
    private func previewCatalogue(
        of theme: Theme, renderer: PosterRenderer, into findings: inout PreviewFindings, io: inout some TerminalIO
    ) throws(CommandFailure) {
        let run: PreviewRun
        let sheet: [UInt8]
        var contrast: [String]
        let personalised: VariantLint
        do throws(RenderError) {
            // 544 posters: kept as tiles only, one row per invitee (the 32 variants first).
            let pairs = theme.subject == .pair
            let tile = tileWidth ?? (pairs ? 60 : 150)
            run = try PreviewRun.catalogue(of: theme, renderer: renderer, thumbnailWidth: pairs ? tile : nil, debug: debug)
            contrast = checksContrast ? try ContrastLint.catalogueReport(of: theme, renderer: renderer) : []
            // The personalised worst cases (long and emoji nicknames, invited) are laid out and
            // linted, not drawn on the sheet.
            personalised = try VariantLint.run(theme, samples: ThemeSample.personalised, contrast: checksContrast,
                                               base: scan.base, renderer: renderer)
            contrast += personalised.contrast
            let title = pairs ? "\(theme.formatLabel) · 32 variants + 512 ordered pairs (rows: invitee, columns: inviter) · \(theme.summary)"
                : "\(theme.formatLabel) · all 32 variants · \(theme.summary)"
            sheet = try run.sheet(title: title, columns: pairs ? 16 : 8, tileWidth: tile).render()
        } catch {
            throw ThemeInput.failure(error)
        }
        let scanReport = scan.runs ? try scan.report(of: theme, renderer: renderer) : nil
        let prefix = FormatOption.linePrefix(theme)
        let heading = prefix.isEmpty ? "" : " for \(theme.formatLabel)"
        try write(sheet, posters: run.variants.count, format: theme.formatName, io: &io) { stream, io throws(IOFailure) in
            try Self.printReports(run, contrast: contrast, checksContrast: checksContrast, prefix: prefix, heading: heading,
                                  to: stream, io: &io)
            // Only what fails: a 24-character nickname is expected to be shrunk or cut.
            let problems = personalised.fitProblems
            try io.printLines(problems.isEmpty
                ? "fit report of the \(personalised.sampleCount) personalised results\(heading) (long and emoji nicknames, invited): nothing overflows"
                : "fit report of the \(personalised.sampleCount) personalised results\(heading) (problems only):", to: stream)
            for line in problems { try io.printLines("  " + TerminalText.escaped(prefix + line), to: stream) }
            for line in theme.undrawnConditions(over: theme.lintSamples) { io.printErrorLine(TerminalText.escaped(prefix + line)) }
            if let scanReport {
                try io.printLines(prefix + scan.summary(scanReport), to: stream)
                for line in scanReport.failures + scanReport.warnings.map({ "warning: " + $0 }) {
                    try io.printLines("  " + TerminalText.escaped(prefix + line), to: stream)
                }
            }
            try io.printLines(prefix + LintSummary.line(theme: theme, contrast: checksContrast, qrBoxes: false, scan: scanReport != nil),
                              to: stream)
        }
        findings.add(run, contrast: contrast, scanFailures: scanReport?.failures.count ?? 0)
        findings.fitProblems = findings.fitProblems || !personalised.fitProblems.isEmpty
    }

    /// One result in each of `themes` (all in `format`, or each in its default): a sheet and its reports.
    private func previewResult(
        _ loadedResult: QuizResult, in themes: [Theme], format name: String?, renderer: PosterRenderer,
        into findings: inout PreviewFindings, io: inout some TerminalIO
    ) throws(CommandFailure) {
        let run: PreviewRun
        let sheet: [UInt8]
        let contrast: [String]
        do throws(RenderError) {
            run = try PreviewRun.result(loadedResult, in: themes, renderer: renderer, debug: debug)
            contrast = checksContrast ? try ContrastLint.report(of: loadedResult, in: themes, renderer: renderer) : []
            let title = "\(result ?? "") in every theme" + (name.map { " · format \($0)" } ?? "")
            sheet = try run.sheet(title: title, columns: max(1, themes.count), tileWidth: tileWidth ?? 150).render()
        } catch {
            throw ThemeInput.failure(error)
        }
        let heading = name.map { " for format \($0)" } ?? ""
        try write(sheet, posters: run.variants.count, format: name ?? PosterFormat.defaultName, io: &io) { stream, io throws(IOFailure) in
            // Each line already names its theme, in its format (`Theme.formatLabel`).
            try Self.printReports(run, contrast: contrast, checksContrast: checksContrast, prefix: "", heading: heading,
                                  to: stream, io: &io)
        }
        findings.add(run, contrast: contrast, scanFailures: 0)
    }

    /// Writes a sheet (to `sheetPath(format:)`), then its reports, then where it went.
    private func write<IO: TerminalIO>(
        _ sheet: [UInt8], posters: Int, format: String, io: inout IO,
        reports: (StandardStream, inout IO) throws(IOFailure) -> Void
    ) throws(CommandFailure) {
        let path = sheetPath(format: format)
        try OutputOption.write(Data(sheet), to: path, io: &io)
        do throws(IOFailure) {
            // With -o - the sheet is standard output, so the report goes to standard error.
            let stream: StandardStream = path == OutputOption.standardOutput ? .error : .output
            try reports(stream, &io)
            if stream == .output { try io.printLine("wrote \(path) (\(posters) posters)") }
        } catch {
            throw CommandFailure(.stream, error.description, cause: error)
        }
    }

    /// Where a format's sheet goes: -o itself, or with --format all `<name>-<format>.png`
    /// (-o `preview.png` gives `preview-poster.png`, `preview-xhs.png`, …).
    func sheetPath(format: String) -> String {
        guard self.format.isAll else { return output }
        let name = output as NSString
        guard name.pathExtension.lowercased() == "png" else { return output + "-\(format)" }
        return name.deletingPathExtension + "-\(format)." + name.pathExtension
    }

    /// The fit and contrast reports of a run, each line after `prefix`, each heading followed by `heading`.
    private static func printReports(
        _ run: PreviewRun, contrast: [String], checksContrast: Bool, prefix: String, heading: String,
        to stream: StandardStream, io: inout some TerminalIO
    ) throws(IOFailure) {
        let report = run.report
        try io.printLines(report.isEmpty ? "fit report\(heading): every variant fits as designed" : "fit report\(heading):", to: stream)
        // Escaped first, so that a note whose text holds a line break stays one line.
        for line in report { try io.printLines("  " + TerminalText.escaped(prefix + line), to: stream) }
        if checksContrast {
            try io.printLines(contrast.isEmpty ? "contrast report\(heading): every text passes WCAG AA" : "contrast report (WCAG AA)\(heading):", to: stream)
        }
        for line in contrast { try io.printLines("  " + TerminalText.escaped(prefix + line), to: stream) }
    }
}

/// What every sheet of one preview found, for the exit status.
struct PreviewFindings {
    /// Whether a text overflowed or an element left the canvas or its safe area.
    var fitProblems = false
    /// Whether a text fell below WCAG AA.
    var lowContrast = false
    /// QR codes that did not read back.
    var scanFailures = 0

    mutating func add(_ run: PreviewRun, contrast: [String], scanFailures: Int) {
        fitProblems = fitProblems || run.hasProblems
        lowContrast = lowContrast || !contrast.isEmpty
        self.scanFailures += scanFailures
    }
}
