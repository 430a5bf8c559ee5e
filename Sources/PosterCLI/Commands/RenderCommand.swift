import Foundation
import NMTIDomain
import PosterKit
import PosterFiles

/// `nmti-poster render <result>`: renders one result into a 2x PNG poster; with
/// `--out <dir>`, many results into a folder (`BulkRender`).
struct RenderCommand: Command {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render a quiz result into a PNG poster.",
        discussion: """
            Reads a result JSON (see docs/result-json.md), binds it to a theme and writes
            the poster as a PNG at twice the theme's canvas size (750x1334 for the default
            canvas). The same inputs always give the same bytes.

            --format NAME draws another of the theme's formats (docs/themes.md, "Formats"):
            xhs 1080x1440, square 1080x1080, story 1080x1920, thumb 500x500, card
            1200x630, mp 500x400, or a format of the theme's own. A format the theme does
            not ship is a usage error (64) that lists the ones it does. Without -o the
            file is <pack>-<CODE>-<format>.png for a format other than the poster.

            The file is written to a random temporary name (O_EXCL, never through a
            symlink) and renamed, so a failed or interrupted render (SIGINT, SIGTERM,
            SIGHUP: exit 130, 143, 129) leaves nothing behind. -o onto a FIFO or a
            character device (/dev/null, a pipe) streams into it; onto a symlink, a
            folder, a block device or a socket it is refused with 73. The name may end
            only in .png (or have no extension).

            A LINK AS THE RESULT:
            <result> may be an invite or reply link in any form (nmti://invite?...,
            https://<base>/i?... or the compact https://<base>/I/...; docs/links.md).
            An invite renders the sender's poster; a reply renders the pairing poster
            (theme 'pair' unless --theme is given) of the invitee and the inviter.
            Nicknames are drawn only when the link's signature verifies against
            --link-key-file; otherwise they are left out with a note. A link that
            cannot be parsed exits with 65.

            LINKS ON THE POSTER:
            --link-base https://nmti.example/ (or NMTI_LINK_BASE) prints the poster's QR
            link in the compact web form (https://nmti.example/I/... or /R/...; the long
            /i?... or /r?... for scores outside -16...15), which opens the app where it
            is installed and the landing page of 'serve' elsewhere; without it the link
            is nmti://. --link-key-file (or NMTI_LINK_KEY_FILE) signs it (docs/links.md).

            Text that had to shrink or was cut with an ellipsis is listed
            on standard error as a note; the render still succeeds.

            --layout-json FILE also writes the layout as JSON (docs/display-list.md,
            "The layout dump"): every element's label, type and bounds, and each text's
            lines with their text, x, baseline y, width and font size, in points. It
            is written after the poster, atomically, with the same rules as -o (- is
            standard output); it cannot be the poster's own path.

            --debug draws the layout over the poster: every element's box and its id or
            JSON path, each text's baselines, each QR code as drawn (green) and the
            format's safe zones (story). It is drawn after the poster from the layout
            dump, so without --debug the bytes are unchanged.

            MANY RESULTS (--out <dir>):
            Several result files, folders (their *.json files, sorted by name; subfolders,
            hidden files, symlinks and other files are skipped) or --results <file.jsonl>
            (one result per line, blank lines skipped, at most 65,536 bytes a line; -
            reads standard input, as a stream) are rendered in parallel into <dir>, with
            <dir>/manifest.json as 'batch' writes it (plus each poster's source and
            result hash, and its fit notes under "notes" when it has any; a line under
            the summary counts the posters with notes and those that overflowed).
            A poster is named <id>.png after the result's id (1-100 ASCII
            letters, digits, '-', '_', '.', starting with a letter or digit; anything else
            is an error for that result, path 'id'), else <pack>-<CODE>-<hash>.png with the
            first 16 hex digits of the sha256 of the canonical result. Two results that
            would get one name (the same id, or the same result twice without ids): the
            later one fails. A result that fails is listed as
            'failed: <file>[:<line>]: <JSON path>: <reason>' and the others are still
            rendered; the exit status is then 1 (73 if every failure was a write).
            With --format, the posters of a format other than the poster go into
            <dir>/<format>/ (the manifest records each poster's format).
            --shard K/N takes every N-th result (by position in the input) and --resume
            keeps posters an earlier run wrote for the same result, theme, compression
            and engine, as in 'batch'. Progress goes to standard output.
            Usage errors (64): -o or --layout-json with several results, a folder or
            --results; those without --out; - among several files (use --results -);
            files and --results together; --jobs, --shard or --resume without --out.

            EXAMPLES:
              nmti-poster render Fixtures/results/workplace-PRED.json -o pred.png
              nmti-poster render result.json --theme Themes/classic -o -  > poster.png
              nmti-poster render result.json --theme classic --format xhs -o xhs.png
              nmti-poster render Fixtures/results --out posters
              nmti-poster render --results users.jsonl --out posters --shard 3/8 --resume
              producer | nmti-poster render --results - --out posters --quiet
              nmti-poster render result.json -o pred.png --layout-json pred.layout.json
              nmti-poster render result.json --link-base https://nmti.example/ -o pred.png
              nmti-poster render 'https://nmti.example/r?v=6.-3.2.-5&iv=-4.7.3.-6'
            """,
        usage: "<result>... [-o <path> | --out <dir>] [options]",
        arguments: [ArgumentSpec("result", help: "The result JSON file, an invite or reply link, or - to read standard input; with --out, any number of files and folders.",
                                 isOptional: true, isRepeating: true)],
        options: [
            .value("theme", short: "t", valueName: "theme", defaultValue: ThemeStore.defaultThemeName,
                   help: "A theme name from the themes folder, or a theme folder or file (a reply link: pair)."),
            .value("output", short: "o", valueName: "path",
                   help: "Where to write the PNG (default: <pack>-<CODE>.png); - is standard output."),
            FormatOption.spec(allowsAll: false),
            .value("layout-json", valueName: "file",
                   help: "Also write the layout (element bounds, text lines) as JSON; - is standard output."),
            ThemeInput.compressionOption,
            .flag("quiet", short: "q", help: "Do not print fit notes or the summary line."),
            .flag("debug", help: "Draw every element's box, label and baselines, the QR as drawn and the safe zones over the poster."),
        ] + LinkOptions.specOptions + BulkRenderOptions.specOptions)

    /// The result file, or `-`.
    let input: String
    /// The theme name or path.
    let theme: String
    /// Whether `--theme` was given (a reply link otherwise renders with `pair`).
    let themeGiven: Bool
    /// How links are printed and checked.
    let links: LinkOptions
    /// The output path, `-`, or nil for the default name.
    let output: String?
    /// Whether to stay silent on success.
    let quiet: Bool
    /// How hard the PNG is compressed.
    let compression: PosterCompression
    /// Set when many results are rendered into a folder; nil for one result.
    let bulk: BulkRenderOptions?
    /// Where to write the layout dump, or nil for none.
    let layoutJSON: String?
    /// Which of the theme's formats to draw.
    let format: FormatOption
    /// Whether the debug boxes are drawn over the poster (`DebugOverlay`).
    let debug: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        let inputs = values.arguments("result")
        bulk = try BulkRenderOptions.parse(values, inputs: inputs)
        if bulk != nil, let link = inputs.first(where: LinkInput.isLink) {
            throw UsageError("'\(link.prefix(60))' is a link; a link renders one poster at a time, without --out", commandPath: values.commandPath)
        }
        guard bulk != nil || !inputs.isEmpty else { throw UsageError("missing argument <result>", commandPath: values.commandPath) }
        input = inputs.first ?? ResultInput.standardInputPath
        theme = values.option("theme") ?? ThemeStore.defaultThemeName
        themeGiven = !values.options("theme").isEmpty
        links = try LinkOptions(values)
        output = try values.options("output").last.map { path throws(UsageError) in try OutputOption.check(path, image: true) }
        quiet = values.flag("quiet")
        debug = values.flag("debug")
        if debug, bulk != nil { throw UsageError("--debug draws one poster; it cannot be combined with --out", commandPath: values.commandPath) }
        compression = try ThemeInput.compression(values)
        format = try FormatOption(values, allowsAll: false, command: "render")
        layoutJSON = try values.options("layout-json").last.map { path throws(UsageError) in
            try OutputOption.check(path, option: "--layout-json", image: false)
        }
        if let layoutJSON, let output, layoutJSON == output {
            throw UsageError("--layout-json '\(layoutJSON)' is also the poster's -o; name another file")
        }
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let style = try links.style()
        if let bulk {
            return try BulkRender.run(bulk, theme: theme, format: format, compression: compression, links: style, quiet: quiet, io: &io)
        }
        let link = LinkInput.isLink(input) ? try LinkInput(input, signer: style.signer) : nil
        let result: QuizResult
        if let link { result = link.result } else { result = try ResultInput.load(input, io: &io) }
        let loaded = try format.format(of: try ThemeInput.load(themeGiven ? theme : link?.defaultTheme ?? theme))
        let renderer = try ThemeInput.renderer(compression: compression, links: style)
        let poster: RenderedPoster
        let dump: LayoutDump?
        do throws(RenderError) {
            // One run: the poster and, with --layout-json, the layout it was drawn from.
            let extras: RenderExtras = layoutJSON != nil || debug ? .layoutDump : []
            if debug {
                // The poster is drawn as always; the boxes go over a copy of its pixels.
                let output = try renderer.run(RenderRequest(result, theme: loaded, through: .raster, extras: extras))
                dump = output.layoutDump
                guard let layout = output.layoutDump else { throw RenderError(.graphics, "the render kept no layout dump") }
                poster = try DebugOverlay(dump: layout, theme: loaded)
                    .poster(over: try output.drawnRaster(), notes: output.notes, encoder: renderer.encoder)
            } else {
                let output = try renderer.run(RenderRequest(result, theme: loaded, extras: extras))
                poster = try output.encodedPoster()
                dump = output.layoutDump
            }
        } catch {
            throw ThemeInput.failure(error)
        }
        let path = output ?? Self.defaultFileName(result, pairing: link?.isReply ?? false, format: loaded.formatName)
        if let layoutJSON, layoutJSON == path {
            throw CommandFailure(.usage, "--layout-json '\(layoutJSON)' is also the poster's path; name another file")
        }
        // Refused before the poster is written, so a bad layout path leaves no poster behind.
        if let layoutJSON, layoutJSON != OutputOption.standardOutput, let refusal = OutputTarget.refusal(forPath: layoutJSON) {
            throw CommandFailure(.outputUnwritable, refusal.description, cause: refusal)
        }
        try OutputOption.write(Data(poster.bytes), to: path, io: &io)
        if let layoutJSON, let dump { try OutputOption.write(dump.json(), to: layoutJSON, io: &io) }
        guard !quiet else { return }
        if let note = link?.note { io.printErrorLine(note) }
        for note in poster.notes {
            io.printErrorLine("note: \(loaded.formatLabel): \(note)")
        }
        if let note = links.schemeNote([loaded]) { io.printErrorLine(note) }
        if path != "-" {
            io.printErrorLine("wrote \(path) (\(poster.width)x\(poster.height), \(poster.bytes.count) bytes, theme \(loaded.formatLabel))")
        }
    }

    /// `<pack>-<CODE>.png`, or `<pack>-<CODE>-x-<INVITER>.png` for a reply link's pairing
    /// poster; `-<format>` before `.png` for a format other than the poster.
    static func defaultFileName(_ result: QuizResult, pairing: Bool, format: String = PosterFormat.defaultName) -> String {
        var base = "\(result.pack.rawValue)-\(result.code.rawValue)"
        if pairing, let inviter = result.fromCode { base += "-x-\(inviter.rawValue)" }
        return base + (format == PosterFormat.defaultName ? "" : "-\(format)") + ".png"
    }
}
