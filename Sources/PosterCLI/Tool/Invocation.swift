/// What a command line asks for, decided without doing any of it.
enum Invocation: Sendable {
    /// Print this help text on standard output and succeed.
    case help(String)
    /// Print the version on standard output and succeed.
    case version(String)
    /// Run a command built from its parsed arguments.
    case run(any Command)
    /// Report a usage error and exit with status 64.
    case usageError(UsageError)
}

extension CommandLineTool {
    /// Decides what the words after the tool name ask for. Pure: the same
    /// words always give the same invocation.
    func parse(_ words: [String]) -> Invocation {
        guard let first = words.first else {
            return .usageError(UsageError("no command given", notes: [knownCommandsNote(commands)]))
        }
        switch first {
        case "-h", "--help":
            return .help(HelpFormatter.help(for: self))
        case "--version":
            return .version("\(name) \(version)\n")
        case "help":
            // `nmti-poster help themes list` is `nmti-poster themes list --help`.
            return parse(Array(words.dropFirst()) + ["--help"])
        default:
            if first.hasPrefix("-") && first != "-" {
                let notes = Suggestions.closest(to: first, among: ["--help", "--version"]).map {
                    ["Did you mean '\($0)'?"]
                }
                return .usageError(UsageError("unknown option '\(first)'", notes: notes ?? []))
            }
            return select(words, among: commands, path: [])
        }
    }

    /// Walks down the command tree one word at a time.
    private func select(_ words: [String], among nodes: [CommandNode], path: [String]) -> Invocation {
        let word = words[0]
        guard let node = nodes.first(where: { $0.name == word }) else {
            let kind = path.isEmpty ? "command" : "subcommand of '\(path.joined(separator: " "))'"
            var notes: [String] = []
            if let guess = Suggestions.closest(to: word, among: nodes.map(\.name)) {
                notes.append("Did you mean '\(guess)'?")
            }
            notes.append(knownCommandsNote(nodes))
            return .usageError(UsageError("unknown \(kind) '\(word)'", notes: notes, commandPath: path))
        }
        let path = path + [word]
        let rest = Array(words.dropFirst())
        switch node {
        case .group(let group):
            guard let next = rest.first else {
                let message = "'\(path.joined(separator: " "))' needs a subcommand"
                return .usageError(UsageError(message, notes: [knownCommandsNote(group.children)], commandPath: path))
            }
            if next == "-h" || next == "--help" {
                return .help(HelpFormatter.help(for: group, path: path, tool: name))
            }
            return select(rest, among: group.children, path: path)
        case .command(let type):
            if CommandParser.wantsHelp(rest) {
                return .help(HelpFormatter.help(for: type.spec, path: path, tool: name))
            }
            do throws(UsageError) {
                let values = try CommandParser.parse(rest, spec: type.spec, commandPath: path)
                return .run(try type.init(values))
            } catch {
                return .usageError(error)
            }
        }
    }

    private func knownCommandsNote(_ nodes: [CommandNode]) -> String {
        "Known commands: " + nodes.map(\.name).joined(separator: ", ") + "."
    }
}
