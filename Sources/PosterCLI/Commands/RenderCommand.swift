import Foundation
import NMTIDomain
import PosterKit

/// `nmti-poster render <result>`: renders one result into a 2x PNG poster.
public struct RenderCommand: Command {
    public static let spec = CommandSpec(
        name: "render",
        abstract: "Render a quiz result into a PNG poster.",
        discussion: """
            Reads a result JSON (see docs/result-json.md), binds it to a theme and writes
            the poster as a PNG at twice the theme's canvas size (750x1334 for the default
            canvas). The same inputs always give the same bytes.

            The file is written to a random temporary name (O_EXCL, never through a
            symlink) and renamed, so a failed or interrupted render (SIGINT, SIGTERM,
            SIGHUP: exit 130, 143, 129) leaves nothing behind. -o onto a FIFO or a
            character device (/dev/null, a pipe) streams into it; onto a symlink, a
            folder, a block device or a socket it is refused with 73. The name may end
            only in .png (or have no extension).

            Text that had to shrink or was cut with an ellipsis is listed
            on standard error as a note; the render still succeeds.

            --layout-json FILE also writes the layout as JSON (docs/display-list.md,
            "The layout dump"): every element's label, type and bounds, and each text's
            lines with their text, x, baseline y, width and font size, in points. It
            is written after the poster, atomically, with the same rules as -o (- is
            standard output); it cannot be the poster's own path.

            EXAMPLES:
              nmti-poster render Fixtures/results/workplace-PRED.json -o pred.png
              nmti-poster render result.json --theme Themes/classic -o -  > poster.png
              nmti-poster render result.json -o pred.png --layout-json pred.layout.json
            """,
        arguments: [ArgumentSpec("result", help: "The result JSON file, or - to read standard input.")],
        options: [
            .value("theme", short: "t", valueName: "theme", defaultValue: ThemeStore.defaultThemeName,
                   help: "A theme name from the themes folder, or a theme folder or file."),
            .value("output", short: "o", valueName: "path",
                   help: "Where to write the PNG (default: <pack>-<CODE>.png); - is standard output."),
            .value("layout-json", valueName: "file",
                   help: "Also write the layout (element bounds, text lines) as JSON; - is standard output."),
            ThemeInput.compressionOption,
            .flag("quiet", short: "q", help: "Do not print fit notes or the summary line."),
        ])

    /// The result file, or `-`.
    public let input: String
    /// The theme name or path.
    public let theme: String
    /// The output path, `-`, or nil for the default name.
    public let output: String?
    /// Whether to stay silent on success.
    public let quiet: Bool
    /// How hard the PNG is compressed.
    public let compression: PosterCompression
    /// Where to write the layout dump, or nil for none.
    public let layoutJSON: String?

    public init(_ values: ParsedValues) throws(UsageError) {
        input = values.argument("result") ?? ResultInput.standardInputPath
        theme = values.option("theme") ?? ThemeStore.defaultThemeName
        output = try values.options("output").last.map { path throws(UsageError) in try OutputOption.check(path, image: true) }
        quiet = values.flag("quiet")
        compression = try ThemeInput.compression(values)
        layoutJSON = try values.options("layout-json").last.map { path throws(UsageError) in
            try OutputOption.check(path, option: "--layout-json", image: false)
        }
        if let layoutJSON, let output, layoutJSON == output {
            throw UsageError("--layout-json '\(layoutJSON)' is also the poster's -o; name another file")
        }
    }

    public func run(io: inout some TerminalIO) throws(CommandFailure) {
        let result = try ResultInput.load(input, io: &io)
        let loaded = try ThemeInput.load(theme)
        let renderer = try ThemeInput.renderer(compression: compression)
        let poster: RenderedPoster
        var dump: LayoutDump?
        do throws(RenderError) {
            poster = try renderer.render(result, theme: loaded)
            if layoutJSON != nil { dump = try renderer.layoutDump(result, theme: loaded) }
        } catch {
            throw ThemeInput.failure(error)
        }
        let path = output ?? "\(result.pack.rawValue)-\(result.code.rawValue).png"
        if let layoutJSON, layoutJSON == path {
            throw CommandFailure(.usage, "--layout-json '\(layoutJSON)' is also the poster's path; name another file")
        }
        // Refused before the poster is written, so a bad layout path leaves no poster behind.
        if let layoutJSON, layoutJSON != OutputOption.standardOutput, let refusal = OutputTarget.refusal(forPath: layoutJSON) {
            throw CommandFailure(.cantCreate, refusal.description)
        }
        try OutputOption.write(Data(poster.bytes), to: path, io: &io)
        if let layoutJSON, let dump { try OutputOption.write(dump.json(), to: layoutJSON, io: &io) }
        guard !quiet else { return }
        for note in poster.notes {
            io.printErrorLine("note: \(loaded.name): \(note)")
        }
        if path != "-" {
            io.printErrorLine("wrote \(path) (\(poster.width)x\(poster.height), \(poster.bytes.count) bytes, theme \(loaded.name))")
        }
    }
}
