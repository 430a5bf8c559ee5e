/// A command-line tool: its name, version, help and command tree, and the
/// one entry point that turns words into an exit status.
struct CommandLineTool: Sendable {
    /// The executable's name, used in help, usage lines and messages.
    var name: String
    /// The version `--version` prints.
    var version: String
    /// One line for the tool's help overview.
    var abstract: String
    /// Longer help printed after the overview.
    var discussion: String
    /// The command tree.
    var commands: [CommandNode]

    /// Creates a tool.
    init(name: String, version: String, abstract: String, discussion: String = "", commands: [CommandNode]) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.commands = commands
    }

    /// Parses `words` (the arguments after the executable's name), runs what
    /// they ask for against `io`, and returns the status to exit with.
    func run(_ words: [String], io: inout some TerminalIO) -> ExitStatus {
        switch parse(words) {
        case .help(let text), .version(let text):
            do throws(IOFailure) {
                try io.write(text, to: .output)
                return .success
            } catch {
                return report(CommandFailure(.stream, error.description, cause: error), io: &io)
            }
        case .usageError(let error):
            report(error, io: &io)
            return ExitStatus(for: .usage)
        case .run(let command):
            do throws(CommandFailure) {
                try command.run(io: &io)
                return .success
            } catch {
                return report(error, io: &io)
            }
        }
    }

    /// The error line every failure starts with.
    func errorLine(_ message: String) -> String {
        "\(name): error: \(TerminalText.escaped(message))"
    }

    private func report(_ failure: CommandFailure, io: inout some TerminalIO) -> ExitStatus {
        if let message = failure.message { io.printErrorLine(errorLine(message)) }
        return failure.status
    }

    private func report(_ error: UsageError, io: inout some TerminalIO) {
        io.printErrorLine(errorLine(error.message))
        for note in error.notes { io.printErrorLine(note) }
        if let spec = spec(at: error.commandPath) {
            io.printErrorLine("Usage: " + HelpFormatter.usage(for: spec, path: error.commandPath, tool: name))
        }
        io.printErrorLine("See '" + ([name] + error.commandPath + ["--help"]).joined(separator: " ") + "'.")
    }

    /// The spec of the runnable command at `path`, if that is one.
    func spec(at path: [String]) -> CommandSpec? {
        var nodes = commands
        var found: CommandNode?
        for word in path {
            found = nodes.first { $0.name == word }
            switch found {
            case .group(let group): nodes = group.children
            case .command, .none: nodes = []
            }
        }
        if case .command(let type) = found { return type.spec }
        return nil
    }
}
