import PosterKit

/// A manifest that could not be read or merged, in the one-line style every
/// input error uses: `<file>: <JSON path>: <reason>` (`$` for the whole document).
public struct ManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, which decides the exit status.
    public enum Kind: Sendable, Hashable {
        /// The file does not exist or cannot be read (no such file, permission denied).
        case unreadable
        /// The file was read but is not a valid manifest, or the set of manifests
        /// does not merge (a missing or repeated shard, a poster listed twice).
        case invalid
    }

    /// What went wrong.
    public let kind: Kind
    /// The manifest file, as given.
    public let file: String
    /// The JSON path inside it, such as `entries[3].sha256`; empty for the whole file.
    public let path: String
    /// Why, in a few words.
    public let reason: String

    /// Creates an error.
    public init(_ kind: Kind, file: String, path: String = "", reason: String) {
        self.kind = kind
        self.file = file
        self.path = path
        self.reason = reason
    }

    /// `file: path: reason`; an unreadable file has no path (`file: permission denied`).
    public var description: String {
        kind == .unreadable ? "\(file): \(reason)" : "\(file): \(path.isEmpty ? "$" : path): \(reason)"
    }
}
