import Dispatch
import Foundation
import PosterFiles
import PosterKit
import PosterStudio
import Synchronization

/// `nmti-poster studio`: a live preview of a theme in the browser, on 127.0.0.1 only.
struct StudioCommand: Command {
    static let spec = CommandSpec(
        name: "studio",
        abstract: "Preview a theme live in the browser as you edit it (127.0.0.1 only).",
        discussion: """
            Serves a page on 127.0.0.1 (never on another interface: there is no --host)
            that shows the poster of any of the 16 types in either pack, with any
            nickname, invited or not (the inviter's code, nickname and scores), in any
            format the theme ships, drawn by the same renderer and encoder as 'render':
            the same bytes.

            The theme folder is watched (inotify). Every save loads the theme again and
            pushes the new poster to the page, without a reload; a theme that stops
            loading shows its problems (file:line:column) in place of the poster and comes
            back with the next good save. Beside the poster: the fit notes, the WCAG AA
            contrast findings, the module size of each QR code as drawn and whether it
            reads back after a chat app's recompression, for the variant shown, each
            linked to its element (its box is highlighted) and to its line in the theme
            file. 'Debug boxes' draws the layout over the poster (see render --debug);
            clicking the poster shows the JSON path and bounds of the element on top
            under the pointer.

            The page loads nothing from elsewhere (Content-Security-Policy) and answers
            only requests addressed to 127.0.0.1 or localhost at its port. One poster is
            drawn at a time; requests for the same poster share one render.
            It prints the page's address on standard output once it listens, then runs
            until Ctrl-C (SIGINT, SIGTERM or SIGHUP; exit 0).

            EXAMPLES:
              nmti-poster studio --theme Themes/my-theme
              nmti-poster studio --theme neon --format xhs --port 0
            """,
        options: [
            .value("theme", short: "t", valueName: "theme", defaultValue: ThemeStore.defaultThemeName,
                   help: "A theme name from the themes folder, or a theme folder or file."),
            .value("port", short: "p", valueName: "port", defaultValue: "7375", help: "The port; 0 picks a free one."),
            .value("format", valueName: "name", defaultValue: PosterFormat.defaultName, help: "The format the page opens with."),
            ThemeInput.compressionOption,
        ],
        refusedOptions: ["host": "the studio binds 127.0.0.1 only, so that no one else on the network can reach it"])

    let theme: String
    let port: UInt16
    let format: String
    let compression: PosterCompression

    init(_ values: ParsedValues) throws(UsageError) {
        theme = values.option("theme") ?? ThemeStore.defaultThemeName
        port = UInt16(try values.integer("port", in: 0...65_535) ?? 7375)
        format = values.option("format") ?? PosterFormat.defaultName
        if let problem = PosterFormat.problem(with: format) {
            throw UsageError("--format '\(format)': \(problem)", commandPath: values.commandPath)
        }
        compression = try ThemeInput.compression(values)
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let location = ThemeInput.store.location(of: theme)
        guard FileManager.default.fileExists(atPath: location.path) else {
            let known = ThemeInput.store.names().joined(separator: ", ")
            throw CommandFailure(.missingInput, "theme '\(theme)' not found at \(location.path); known themes: \(known)")
        }
        var configuration = StudioConfiguration(themeLocation: location)
        configuration.registry = ThemeInput.store.registry
        configuration.port = port
        configuration.format = format
        configuration.compression = compression
        let signal = DispatchSemaphore(value: 0)
        InterruptCleanup.interceptNextSignal { _, _ in signal.signal() }
        let studio: Studio
        do throws(StudioError) {
            studio = try Studio(configuration)
            try studio.start()
        } catch {
            let hint = port == 0 ? "" : " (--port 0 picks a free port)"
            throw CommandFailure(.graphics, error.message + hint, cause: error)
        }
        let problems = studio.themeProblems
        if !problems.isEmpty {
            io.printErrorLine("\(studio.themeFile.path): the theme does not load yet (\(problems.count) problem\(problems.count == 1 ? "" : "s")); the page shows them")
        }
        do throws(IOFailure) {
            try io.printLine("studio: \(studio.url ?? "") (theme \(studio.themeFile.path); 127.0.0.1 only; Ctrl-C stops)")
        } catch {
            studio.stop()
            throw CommandFailure(.stream, error.description, cause: error)
        }
        signal.wait()
        studio.stop()
    }
}
