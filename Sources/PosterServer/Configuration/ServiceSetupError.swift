/// Why the service could not start: a missing or unreadable input, an invalid theme,
/// a bad setting or a port that cannot be bound. The CLI maps `kind` to its exit status.
public struct ServiceSetupError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable {
        /// A file or folder does not exist or cannot be read (66).
        case noInput
        /// A file's content is wrong (65).
        case badInput
        /// A theme is invalid (78).
        case badTheme
        /// Fonts or drawing failed, or the address cannot be bound (1).
        case failure
    }

    /// The kind.
    public let kind: Kind
    /// One line naming the file or address and the reason.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
