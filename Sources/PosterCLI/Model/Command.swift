/// A runnable command: its declared metadata, construction from parsed
/// values, and the work itself.
///
/// To add a command, write `Commands/<Name>Command.swift` with a type
/// conforming to `Command`, and list it in `NMTIPoster.commands`.
protocol Command: Sendable {
    /// The name, help text, arguments and options.
    static var spec: CommandSpec { get }

    /// Builds the command from its parsed arguments; throws a `UsageError`
    /// for values that are present but unusable (such as `--width abc`).
    init(_ values: ParsedValues) throws(UsageError)

    /// Does the work. Returning means success; throw `CommandFailure` for
    /// anything else.
    func run(io: inout some TerminalIO) throws(CommandFailure)
}

/// A failed command: what kind of failure (which decides the exit status), the
/// one-line message that follows `nmti-poster: error:` on standard error, and the
/// error it came from.
struct CommandFailure: Error, Sendable {
    /// What kind of failure this is.
    var kind: FailureKind
    /// The message, or nil when the command already reported the problem.
    var message: String?
    /// The error this failure wraps (a `ResultError`, `ThemeError`, `ManifestError`, …), if any.
    var cause: (any Error & Sendable)?

    /// The exit status, from the kind (`ExitStatus(for:)`).
    var status: ExitStatus { ExitStatus(for: kind) }

    /// Creates a failure.
    init(_ kind: FailureKind, _ message: String?, cause: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.cause = cause
    }
}

/// An entry in the command tree: a command, or a named group of entries such
/// as `themes` holding `list` and `validate`.
enum CommandNode: Sendable {
    /// A runnable command.
    case command(any Command.Type)
    /// A group, which only selects one of its children.
    case group(CommandGroup)

    /// Creates a group entry.
    static func group(
        _ name: String, abstract: String, discussion: String = "", _ children: [CommandNode]
    ) -> CommandNode {
        .group(CommandGroup(name: name, abstract: abstract, discussion: discussion, children: children))
    }

    /// The word that selects this entry.
    var name: String {
        switch self {
        case .command(let type): type.spec.name
        case .group(let group): group.name
        }
    }

    /// The one-line summary shown in command lists.
    var abstract: String {
        switch self {
        case .command(let type): type.spec.abstract
        case .group(let group): group.abstract
        }
    }
}

/// A group of subcommands such as `themes`.
struct CommandGroup: Sendable {
    /// The word that selects the group.
    var name: String
    /// One line for command lists.
    var abstract: String
    /// Longer help for the group's own help page.
    var discussion: String
    /// The subcommands and nested groups.
    var children: [CommandNode]

    /// Creates a group.
    init(name: String, abstract: String, discussion: String = "", children: [CommandNode]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.children = children
    }
}
