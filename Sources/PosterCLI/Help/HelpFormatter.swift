/// Generates help pages and usage lines from command metadata, in the layout
/// of swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, COMMANDS.
enum HelpFormatter {
    /// Where the help column starts; longer labels push their help to the next line.
    static let helpColumn = 26
    /// The width help text is wrapped to.
    static let width = 80

    /// The help page of a runnable command.
    static func help(for spec: CommandSpec, path: [String], tool: String) -> String {
        var sections = ["OVERVIEW: \(spec.abstract)"]
        if !spec.discussion.isEmpty { sections.append(spec.discussion) }
        sections.append("USAGE: \(usage(for: spec, path: path, tool: tool))")
        if !spec.arguments.isEmpty {
            let rows = spec.arguments.map { argument in
                (argument.isRepeating ? "<\(argument.name)> ..." : "<\(argument.name)>", argument.help)
            }
            sections.append(section("ARGUMENTS", rows))
        }
        sections.append(section("OPTIONS", (spec.options + [.help]).map { ($0.synopsis, optionHelp($0)) }))
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The help page of a group such as `themes`.
    static func help(for group: CommandGroup, path: [String], tool: String) -> String {
        let words = ([tool] + path).joined(separator: " ")
        var sections = ["OVERVIEW: \(group.abstract)"]
        if !group.discussion.isEmpty { sections.append(group.discussion) }
        sections.append("USAGE: \(words) <command>")
        sections.append(section("OPTIONS", [(OptionSpec.help.synopsis, OptionSpec.help.help)]))
        sections.append(section("COMMANDS", commandRows(group.children)))
        sections.append("  See '\(words) <command> --help' for detailed help.")
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The help page of the tool itself, ending with the exit-status table.
    static func help(for tool: CommandLineTool) -> String {
        var sections = ["OVERVIEW: \(tool.abstract)"]
        if !tool.discussion.isEmpty { sections.append(tool.discussion) }
        sections.append("USAGE: \(tool.name) <command> [<arguments>] [<options>]")
        let options = [("--version", "Show the version."), (OptionSpec.help.synopsis, OptionSpec.help.help)]
        sections.append(section("OPTIONS", options))
        sections.append(section("COMMANDS", commandRows(tool.commands)))
        sections.append("  See '\(tool.name) <command> --help' for detailed help.")
        let statuses = ExitStatus.documented.map { (String($0.status.rawValue), $0.meaning) }
        sections.append(section("EXIT STATUS", statuses, column: 8))
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The usage line: the spec's own, or one generated from its options and arguments.
    static func usage(for spec: CommandSpec, path: [String], tool: String) -> String {
        let words = ([tool] + path).joined(separator: " ")
        if let usage = spec.usage { return "\(words) \(usage)" }
        let options = spec.options.map { option in
            var text = "--\(option.name)"
            if let valueName = option.valueName { text += " <\(valueName)>" }
            if option.isRepeating { text += " ..." }
            return "[\(text)]"
        }
        let arguments = spec.arguments.map { argument in
            let name = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
            return argument.isOptional ? "[\(name)]" : name
        }
        let expanded = ([words] + options + arguments).joined(separator: " ")
        // Many options, or a line wider than the help text, collapse to [<options>].
        if spec.options.count <= 4, "USAGE: ".count + expanded.count <= width { return expanded }
        return ([words, "[<options>]"] + arguments).joined(separator: " ")
    }

    /// Every runnable command under `nodes`, with its full path, for command lists.
    static func commandRows(_ nodes: [CommandNode], prefix: [String] = []) -> [(String, String)] {
        nodes.flatMap { node -> [(String, String)] in
            switch node {
            case .command(let type):
                [((prefix + [type.spec.name]).joined(separator: " "), type.spec.abstract)]
            case .group(let group):
                commandRows(group.children, prefix: prefix + [group.name])
            }
        }
    }

    private static func optionHelp(_ option: OptionSpec) -> String {
        var text = option.help
        if let defaultValue = option.defaultValue { text += " (default: \(defaultValue))" }
        if option.isRepeating { text += " (repeatable)" }
        return text
    }

    private static func section(_ title: String, _ rows: [(String, String)], column: Int = helpColumn) -> String {
        var lines = ["\(title):"]
        let indent = String(repeating: " ", count: column)
        for (label, help) in rows {
            let wrapped = wrap(help, width: width - column)
            let head = "  " + label
            if head.count < column - 1 {
                lines.append(head + String(repeating: " ", count: column - head.count) + wrapped[0])
            } else {
                lines.append(head)
                lines.append(indent + wrapped[0])
            }
            lines += wrapped.dropFirst().map { indent + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// Splits text into lines of at most `width` characters at spaces; a
    /// single longer word (or unspaced Chinese) stays whole.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}
