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
            wide unless --tile-width says otherwise. The contrast report and the QR
            scan lint of 'themes validate' follow (--no-contrast, --no-scan skip them;
            the scan lint runs on --theme previews only).
            Variants with a problem get a red frame on the sheet. Exits with 1 when
            anything overflowed or left the canvas, so CI can run it as a theme lint;
            shrinking and cutting are reported only.

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
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let renderer = try ThemeInput.renderer()
        if result == nil { try scan.requireDecoder() }
        guard watch else {
            let (run, contrast, scanFailures) = try preview(renderer: renderer, io: &io)
            if run.hasProblems { throw CommandFailure(.fitProblems, "some variants overflow; see the fit report above") }
            if !contrast.isEmpty { throw CommandFailure(.lowContrast, "some texts fail WCAG AA contrast; see the contrast report above") }
            if scanFailures > 0 { throw CommandFailure(.unscannable, "some QR codes do not read back after recompression; see the scan report above") }
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

    /// Renders the previews, writes the sheet and prints the fit report.
    private func preview(renderer: PosterRenderer, io: inout some TerminalIO) throws(CommandFailure) -> (PreviewRun, [String], Int) {
        var loadedResult: QuizResult?
        var themes: [Theme] = []
        if let result {
            loadedResult = try ResultInput.load(result, io: &io)
            for name in ThemeInput.store.names() { themes.append(try ThemeInput.load(name)) }
        } else {
            themes = [try ThemeInput.load(theme)]
        }
        let run: PreviewRun
        let sheet: [UInt8]
        let contrast: [String]
        do throws(RenderError) {
            let title: String
            var columns = max(1, themes.count)
            var tile = tileWidth ?? 150
            if let loadedResult, let result {
                run = try PreviewRun.result(loadedResult, in: themes, renderer: renderer, debug: debug)
                contrast = checksContrast ? try ContrastLint.report(of: loadedResult, in: themes, renderer: renderer) : []
                title = "\(result) in every theme"
            } else {
                let theme = themes[0]
                // 544 posters: kept as tiles only, one row per invitee (the 32 variants first).
                let pairs = theme.subject == .pair
                if pairs { tile = tileWidth ?? 60 }
                columns = pairs ? 16 : 8
                run = try PreviewRun.catalogue(of: theme, renderer: renderer, thumbnailWidth: pairs ? tile : nil, debug: debug)
                contrast = checksContrast ? try ContrastLint.catalogueReport(of: theme, renderer: renderer) : []
                title = pairs ? "\(theme.name) · 32 variants + 512 ordered pairs (rows: invitee, columns: inviter) · \(theme.summary)"
                    : "\(theme.name) · all 32 variants · \(theme.summary)"
            }
            sheet = try run.sheet(title: title, columns: columns, tileWidth: tile).render()
        } catch {
            throw ThemeInput.failure(error)
        }
        let scanReport = scan.runs && result == nil ? try scan.report(of: themes[0], renderer: renderer) : nil
        try OutputOption.write(Data(sheet), to: output, io: &io)
        do throws(IOFailure) {
            // With -o - the sheet is standard output, so the report goes to standard error.
            let stream: StandardStream = output == OutputOption.standardOutput ? .error : .output
            let report = run.report
            try io.printLines(report.isEmpty ? "fit report: every variant fits as designed" : "fit report:", to: stream)
            // Escaped first, so that a note whose text holds a line break stays one line.
            for line in report { try io.printLines("  " + TerminalText.escaped(line), to: stream) }
            if checksContrast {
                try io.printLines(contrast.isEmpty ? "contrast report: every text passes WCAG AA" : "contrast report (WCAG AA):", to: stream)
            }
            for line in contrast { try io.printLines("  " + TerminalText.escaped(line), to: stream) }
            if let scanReport {
                try io.printLines(scan.summary(scanReport), to: stream)
                for line in scanReport.failures + scanReport.warnings.map({ "warning: " + $0 }) {
                    try io.printLines("  " + TerminalText.escaped(line), to: stream)
                }
            }
            if stream == .output { try io.printLine("wrote \(output) (\(run.variants.count) posters)") }
        } catch {
            throw CommandFailure(.stream, error.description, cause: error)
        }
        return (run, contrast, scanReport?.failures.count ?? 0)
    }
}
