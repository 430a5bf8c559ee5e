/// Everything a command declares about itself; parsing, usage lines and help
/// text are all generated from it, so they cannot drift apart.
struct CommandSpec: Sendable {
    /// The word that selects the command, such as `resolve` or `list`.
    var name: String
    /// One line for command lists and the `OVERVIEW:` line of its help.
    var abstract: String
    /// Longer help, printed as written after the overview.
    var discussion: String
    /// A hand-written usage line after the tool name and command path;
    /// nil generates one from the options and arguments.
    var usage: String?
    /// Positional arguments, in order; only the last may repeat.
    var arguments: [ArgumentSpec]
    /// Named options and flags; `--help` is added by the tool.
    var options: [OptionSpec]
    /// Options the command no longer takes, by long name, with what to do instead: given
    /// on the command line or by their `NMTI_` variable, they are a usage error that says
    /// so (not a "did you mean" guess at another option).
    var retiredOptions: [String: String]
    /// Options the command deliberately lacks, by long name, with why (`studio --host`):
    /// refused as unknown, with that reason instead of a did-you-mean.
    var refusedOptions: [String: String]

    /// Creates a command description.
    init(
        name: String, abstract: String, discussion: String = "", usage: String? = nil,
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], retiredOptions: [String: String] = [:],
        refusedOptions: [String: String] = [:]
    ) {
        precondition(arguments.dropLast().allSatisfy { !$0.isRepeating }, "only the last argument may repeat")
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.arguments = arguments
        self.options = options
        self.retiredOptions = retiredOptions
        self.refusedOptions = refusedOptions
    }

    /// The option whose long name is `name`.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}

/// A positional argument such as `<result>`.
struct ArgumentSpec: Sendable, Hashable {
    /// The name shown in usage as `<name>` and used to look the value up.
    var name: String
    /// One line of help.
    var help: String
    /// Whether the argument may be left out.
    var isOptional: Bool
    /// Whether it takes every remaining positional value.
    var isRepeating: Bool

    /// Creates an argument.
    init(_ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
    }
}

/// A named option (`--output <path>`) or flag (`--force`).
struct OptionSpec: Sendable, Hashable {
    /// The long name without dashes; `--name`.
    var name: String
    /// An optional one-letter short name; `-o`.
    var short: Character?
    /// The value placeholder such as `path`; nil makes the option a flag.
    var valueName: String?
    /// The value used when the option is not given, shown in help.
    var defaultValue: String?
    /// One line of help.
    var help: String
    /// Whether the option may be given more than once, collecting values.
    var isRepeating: Bool

    /// Creates an option that takes a value.
    static func value(
        _ name: String, short: Character? = nil, valueName: String, defaultValue: String? = nil,
        help: String, isRepeating: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: valueName, defaultValue: defaultValue, help: help,
            isRepeating: isRepeating)
    }

    /// Creates a flag, which takes no value.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, defaultValue: nil, help: help, isRepeating: false)
    }

    /// Whether this is a flag.
    var isFlag: Bool { valueName == nil }

    /// How the option is written in help: `-o, --output <path>`.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let valueName { text += " <\(valueName)>" }
        return text
    }

    /// The built-in help flag every command and group accepts.
    static let help = OptionSpec.flag("help", short: "h", help: "Show help information.")
}
