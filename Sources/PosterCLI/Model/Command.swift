/// A runnable command: its declared metadata, construction from parsed
/// values, and the work itself.
///
/// To add a command, write `Commands/<Name>Command.swift` with a type
/// conforming to `Command`, and list it in `NMTIPoster.commands`.
public protocol Command: Sendable {
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
public struct CommandFailure: Error, Sendable {
    /// What kind of failure this is.
    public var kind: FailureKind
    /// The message, or nil when the command already reported the problem.
    public var message: String?
    /// The error this failure wraps (a `ResultError`, `ThemeError`, `ManifestError`, …), if any.
    public var cause: (any Error & Sendable)?

    /// The exit status, from the kind (`ExitStatus(for:)`).
    public var status: ExitStatus { ExitStatus(for: kind) }

    /// Creates a failure.
    public init(_ kind: FailureKind, _ message: String?, cause: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.cause = cause
    }
}

/// An entry in the command tree: a command, or a named group of entries such
/// as `themes` holding `list` and `validate`.
public enum CommandNode: Sendable {
    /// A runnable command.
    case command(any Command.Type)
    /// A group, which only selects one of its children.
    case group(CommandGroup)

    /// Creates a group entry.
    public static func group(
        _ name: String, abstract: String, discussion: String = "", _ children: [CommandNode]
    ) -> CommandNode {
        .group(CommandGroup(name: name, abstract: abstract, discussion: discussion, children: children))
    }

    /// The word that selects this entry.
    public var name: String {
        switch self {
        case .command(let type): type.spec.name
        case .group(let group): group.name
        }
    }

    /// The one-line summary shown in command lists.
    public var abstract: String {
        switch self {
        case .command(let type): type.spec.abstract
        case .group(let group): group.abstract
        }
    }
}

/// A group of subcommands such as `themes`.
public struct CommandGroup: Sendable {
    /// The word that selects the group.
    public var name: String
    /// One line for command lists.
    public var abstract: String
    /// Longer help for the group's own help page.
    public var discussion: String
    /// The subcommands and nested groups.
    public var children: [CommandNode]

    /// Creates a group.
    public init(name: String, abstract: String, discussion: String = "", children: [CommandNode]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.children = children
    }
}
