import Foundation
import PosterKit
import PosterFiles

/// The `nmti-poster` tool: its identity and entry point.
public enum NMTIPoster {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// The tool with every registered command.
    static var tool: CommandLineTool {
        CommandLineTool(
            name: "nmti-poster",
            version: version,
            abstract: "Render NMTI personality posters from quiz results.",
            discussion: """
                NMTI is a snarky MBTI-style personality quiz. A quiz result is a small
                JSON file (see docs/result-json.md); nmti-poster checks it, resolves its
                personality and copy, and renders posters from it.
                """,
            commands: commands)
    }

    /// Prepares the real process, before any other thread starts: SIGINT, SIGTERM and
    /// SIGHUP remove in-flight temporary files and exit with 128 + the signal (130, 143, 129).
    static func prepareProcess() {
        InterruptCleanup.install(tool: "nmti-poster")
    }

    /// Runs the tool on the words after the executable's name and returns the
    /// status to exit with; `main.swift` passes a `SystemIO`, tests a `CapturedIO`.
    public static func run(_ words: [String], io: inout some TerminalIO) -> ExitStatus {
        tool.run(words, io: &io)
    }

    /// Runs the tool with the themes and element types of `themes`: every command
    /// (`render`, `batch`, `preview`, `themes`, `golden`…) loads its themes from it.
    public static func run(_ words: [String], io: inout some TerminalIO, themes: ThemeStore) -> ExitStatus {
        ThemeInput.$store.withValue(themes) { tool.run(words, io: &io) }
    }

    /// The whole `nmti-poster` process, with the element types of `registry`: what an
    /// executable target's `main.swift` calls to build its own `nmti-poster` with extra
    /// elements (docs/plugins.md). Themes come from `ThemeStore.defaultDirectory()`.
    public static func main(registry: ElementRegistry = .standard) -> Never {
        prepareProcess()
        var io = SystemIO()
        let themes = ThemeStore(directory: ThemeStore.defaultDirectory(), registry: registry)
        exit(run(Array(CommandLine.arguments.dropFirst()), io: &io, themes: themes).rawValue)
    }
}
