import Foundation
import NMTIDomain
import PosterKit

/// `nmti-poster themes list`: the themes in the themes folder.
struct ThemesListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "List the themes in the themes folder.",
        discussion: """
            Prints one line per theme: its name, canvas size, description and the
            formats it ships (poster, xhs, square, story, thumb, card, mp or its own;
            the default first, and the canvas size is the default's). The themes
            folder is $NMTI_THEMES_DIR if set, else ./Themes, else the Themes folder of
            the package the tool was built from. A theme that does not load is listed
            as invalid; run 'nmti-poster themes validate' on it for the details.
            """,
        arguments: [], options: [])

    init(_ values: ParsedValues) throws(UsageError) {}

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let store = ThemeInput.store
        let names = store.names()
        do throws(IOFailure) {
            guard !names.isEmpty else {
                try io.printLine("no themes in \(store.directory.path)")
                return
            }
            let width = names.map(\.count).max() ?? 0
            for name in names {
                let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
                if let theme = try? store.theme(name) {
                    let size = "\(Int(theme.canvasSize.width))x\(Int(theme.canvasSize.height))pt"
                    let marker = name == ThemeStore.defaultThemeName ? " (default)" : ""
                    try io.printLine("\(padded)  \(size)  \(theme.summary)\(marker)  [formats: \(theme.formatNames.joined(separator: ", "))]")
                } else {
                    try io.printLine("\(padded)  invalid: run 'nmti-poster themes validate \(name)'")
                }
            }
        } catch {
            throw CommandFailure(.stream, error.description, cause: error)
        }
    }
}

/// `nmti-poster themes validate <theme>...`: checks themes and lists every problem.
struct ThemesValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check themes and list every problem with its file, line and JSON path.",
        discussion: """
            Loads each theme the way render does: parses the layout file, checks every
            element, property, placeholder, condition and colour, and loads every asset
            that any of the 32 variants uses. All problems are listed, not only the
            first, one per line, as file:line:column: error: path: message. Exits with
            78 if any theme is invalid. Warnings (an SVG whose text asks for a font
            that is not pinned) are listed on standard error and do not fail.

            A valid theme is then laid out for the linted results: the 32 variants (a
            theme with subject "pair" also the 512 ordered invitee x inviter pairs)
            and 192 personalised worst cases, each variant with a 24-character and a
            24-emoji nickname, and invited by the next type with and without the
            inviter's nickname and scores. A text that still overflows its box or
            stack, or an element outside the canvas, is listed with the result and
            the element and exits with 1 (the fit lint). An element whose 'when' holds
            for none of them is a warning naming its JSON path. Then every text of the
            variants (and pairs) and of 64 personalised results (each variant once
            with a nickname, once invited) whose colour against what is drawn behind
            it is below WCAG AA (4.5:1, or 3:1 for text of 24 pt, or 18.67 pt bold)
            is listed as a contrast finding; any finding exits with 1. --no-contrast
            skips this pass.
            Every lint runs for every format the theme ships (a text or QR code in a
            format's safe area, story's top 14% and bottom 20%, is a fit problem too),
            and for a theme with several formats each line names its format
            ("classic (square)").

            Every qr box that carries a link ({link}, {inviter.link}) is then laid
            out with the longest link the engine prints (a signed student reply,
            both nicknames at the limit of 96 bytes, scores of +-12) and a typical
            one, printed in the web form under --link-base (else under
            https://nmti.example/): a box where the typical link gets modules under
            4 px, or the longest under 3 px or none at all, is listed with its file,
            JSON path, size and the link length it was checked with, and exits
            with 1.

            The scan lint then draws every variant twice more with a signed, invited
            link under --link-base (default https://nmti.example/): a typical one
            (nicknames of 7 and 5 characters) and the longest (both nicknames at the
            24-character limit). Each poster is shrunk (Lanczos) and saved as a JPEG
            the way a chat app recompresses it (typical: 0.5x, quality 75; longest:
            0.72x, quality 80), and every QR code must read back to exactly its link
            with zbar; one that does not is listed and exits with 1. A QR code
            holding a link WeChat and phone cameras do not open (nmti://) is a
            warning. --no-scan skips this pass.

            EXAMPLES:
              nmti-poster themes validate Themes/classic
              nmti-poster themes validate classic neon paper
            """,
        arguments: [ArgumentSpec("theme", help: "Theme names, folders or theme.json5 files.", isRepeating: true)],
        options: [.flag("no-contrast", help: "Only check the theme; skip the contrast lint over its variants.")]
            + ScanCheckOptions.specOptions)

    /// The themes to check.
    let themes: [String]
    /// Whether valid themes also get the contrast lint.
    let checksContrast: Bool
    /// Whether and how valid themes get the QR scan lint.
    let scan: ScanCheckOptions

    init(_ values: ParsedValues) throws(UsageError) {
        themes = values.arguments("theme")
        checksContrast = !values.flag("no-contrast")
        scan = try ScanCheckOptions(values)
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        var invalid = 0
        var missing = 0
        var misfit = 0
        var lowContrast = 0
        var smallQR = 0
        var unscannable = 0
        var lines = ReportLines()
        try scan.requireDecoder()
        for name in themes {
            do throws(CommandFailure) {
                let loaded = try ThemeInput.load(name)
                let formats = loaded.layouts.count > 1 ? "; formats \(loaded.formatNames.joined(separator: ", "))" : ""
                lines.print("ok: \(name) (\(loaded.name), \(Int(loaded.canvasSize.width))x\(Int(loaded.canvasSize.height))pt\(formats))", io: &io)
                for warning in loaded.assetWarnings { io.printErrorLine(TerminalText.escaped(warning)) }
                var found = (fit: false, contrast: false, qr: false, scan: false)
                // Every lint runs for every format the theme ships; a line names its format when there are several.
                let renderer = try ThemeInput.renderer()
                for theme in loaded.everyFormat {
                    let label = FormatOption.linePrefix(theme).isEmpty ? name : theme.formatLabel
                    let heading = label == name ? "" : " (\(theme.formatName))"
                    let lint: VariantLint
                    do throws(RenderError) {
                        lint = try VariantLint.run(theme, contrast: checksContrast, base: scan.base, renderer: renderer)
                    } catch {
                        throw ThemeInput.failure(error)
                    }
                    if lint.fitProblems.isEmpty {
                        lines.print("  fit lint\(heading): every text of every linted result fits its box, the canvas and its safe area", io: &io)
                    } else {
                        found.fit = true
                        io.printErrorLine("\(label): \(lint.fitProblems.count) fit problems (overflow, off the canvas or in the safe area):")
                        for problem in lint.fitProblems { io.printErrorLine("  " + TerminalText.escaped(problem)) }
                    }
                    for line in lint.undrawnConditions { io.printErrorLine(TerminalText.escaped(line)) }
                    if !lint.contrast.isEmpty {
                        found.contrast = true
                        io.printErrorLine("\(label): \(lint.contrast.count) texts below WCAG AA contrast:")
                        for finding in lint.contrast { io.printErrorLine("  " + TerminalText.escaped(finding)) }
                    } else if checksContrast {
                        lines.print("  contrast lint\(heading): every text of every linted result passes WCAG AA", io: &io)
                    }
                    let boxes = try qrBoxFindings(theme, renderer: renderer)
                    if !boxes.isEmpty {
                        found.qr = true
                        io.printErrorLine("\(label): \(boxes.count) QR boxes too small for the links they carry:")
                        for finding in boxes { io.printErrorLine("  error: " + TerminalText.escaped(finding)) }
                    }
                    if scan.runs {
                        let report = try scan.report(of: theme, renderer: renderer)
                        lines.print("  " + scan.summary(report) + heading, io: &io)
                        for warning in report.warnings { io.printErrorLine("\(label): warning: " + TerminalText.escaped(warning)) }
                        if !report.failures.isEmpty {
                            found.scan = true
                            io.printErrorLine("\(label): \(report.failures.count) QR codes do not read back after recompression:")
                            for failure in report.failures { io.printErrorLine("  " + TerminalText.escaped(failure)) }
                        }
                    }
                    lines.print("  " + LintSummary.line(theme: theme, contrast: checksContrast, qrBoxes: true, scan: scan.runs) + heading,
                                io: &io)
                }
                if found.fit { misfit += 1 }
                if found.contrast { lowContrast += 1 }
                if found.qr { smallQR += 1 }
                if found.scan { unscannable += 1 }
            } catch {
                if error.kind == .missingInput { missing += 1 } else { invalid += 1 }
                // One problem a line, as the docs show them; the one-line summary is for the rendering commands.
                if error.kind == .invalidTheme, let problems = error.cause as? ThemeError, !problems.diagnostics.isEmpty {
                    for problem in problems.diagnostics { io.printErrorLine(problem.description) }
                } else {
                    io.printErrorLine(error.message ?? "")
                }
            }
        }
        if invalid > 0 {
            throw CommandFailure(.invalidTheme, "\(invalid) of \(themes.count) themes are invalid")
        }
        if missing > 0 {
            throw CommandFailure(.missingInput, "\(missing) of \(themes.count) themes were not found")
        }
        try lines.finish()
        if misfit > 0 {
            throw CommandFailure(.fitProblems, "\(misfit) of \(themes.count) themes have texts that overflow or elements outside the canvas or its safe area")
        }
        if lowContrast > 0 {
            throw CommandFailure(.lowContrast, "\(lowContrast) of \(themes.count) themes have texts below WCAG AA contrast")
        }
        if smallQR > 0 {
            throw CommandFailure(.smallQRBox, "\(smallQR) of \(themes.count) themes have QR boxes too small for the links they carry")
        }
        if unscannable > 0 {
            throw CommandFailure(.unscannable, "\(unscannable) of \(themes.count) themes have QR codes that do not read back after recompression")
        }
    }

    /// The QR box lint's findings for a theme.
    private func qrBoxFindings(_ theme: Theme, renderer: PosterRenderer) throws(CommandFailure) -> [String] {
        do throws(RenderError) {
            return try QRBoxLint.report(of: theme, renderer: renderer, base: scan.base)
        } catch {
            throw ThemeInput.failure(error)
        }
    }
}
