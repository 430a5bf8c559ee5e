@testable import PosterCLI

/// A command with every kind of argument and option, printing what it parsed,
/// so parser tests do not depend on the real commands' options.
struct EchoCommand: Command {
    static let spec = CommandSpec(
        name: "echo",
        abstract: "Print the parsed arguments and options.",
        discussion: "Exists only for the parser tests.",
        arguments: [
            ArgumentSpec("first", help: "The first value."),
            ArgumentSpec("rest", help: "Any further values.", isOptional: true, isRepeating: true),
        ],
        options: [
            .value("output", short: "o", valueName: "path", defaultValue: "-", help: "Where to write."),
            .value("width", valueName: "pixels", help: "The width."),
            .value("tag", short: "t", valueName: "name", help: "A tag.", isRepeating: true),
            .flag("force", short: "f", help: "Overwrite."),
        ])

    let values: ParsedValues
    let width: Int?

    init(_ values: ParsedValues) throws(UsageError) {
        self.values = values
        width = try values.integer("width", in: 1...10_000)
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        let first = values.argument("first") ?? ""
        if first == "fail" {
            throw CommandFailure(.invalidTheme, "theme 'x': bad colour\nsecond line\u{7}")
        }
        let lines = [
            "path=\(values.commandPath.joined(separator: " "))",
            "first=\(first)",
            "rest=\(values.arguments("rest").joined(separator: ","))",
            "output=\(values.option("output") ?? "nil")",
            "width=\(width.map(String.init) ?? "nil")",
            "tags=\(values.options("tag").joined(separator: ","))",
            "force=\(values.flag("force"))",
        ]
        do throws(IOFailure) {
            try io.printLines(lines.joined(separator: "\n"))
        } catch {
            throw CommandFailure(.stream, error.description)
        }
    }
}

/// A command inside a group, with a hand-written usage line.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", abstract: "List the things.", usage: "[--long]",
        options: [.flag("long", short: "l", help: "Show details.")])

    let long: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        long = values.flag("long")
    }

    func run(io: inout some TerminalIO) throws(CommandFailure) {
        try? io.printLine(long ? "listed long" : "listed")
    }
}

/// A small tool with a plain command and a group, for parser and help tests.
let testTool = CommandLineTool(
    name: "tool", version: "9.9.9", abstract: "A tool for tests.",
    commands: [
        .command(EchoCommand.self),
        .group("themes", abstract: "Theme commands.", discussion: "Groups select a subcommand.", [
            .command(ListCommand.self)
        ]),
    ])

/// What one in-process run produced.
struct RunOutput {
    var status: ExitStatus
    var io: CapturedIO
    var stdout: String { io.standardOutput }
    var stderr: String { io.standardError }
    var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
}

/// Runs a tool in-process on captured streams.
func run(_ tool: CommandLineTool, _ words: [String], io: CapturedIO = CapturedIO()) -> RunOutput {
    var io = io
    let status = tool.run(words, io: &io)
    return RunOutput(status: status, io: io)
}

/// Every runnable command path of a command tree, such as `["themes", "list"]`.
func commandPaths(_ nodes: [CommandNode], prefix: [String] = []) -> [([String], CommandSpec)] {
    nodes.flatMap { node -> [([String], CommandSpec)] in
        switch node {
        case .command(let type): [(prefix + [type.spec.name], type.spec)]
        case .group(let group): commandPaths(group.children, prefix: prefix + [group.name])
        }
    }
}
