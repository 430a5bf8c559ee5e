import PosterFiles
/// A render that failed: the kind decides the CLI's exit status.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Sendable, Hashable {
        /// The result JSON was invalid.
        case result
        /// The theme was invalid or missing.
        case theme
        /// Cairo, Pango, fonts or an asset failed.
        case graphics
        /// Writing the output failed.
        case output
        /// The output folder is in use by another batch; trying again later may work.
        case busy
    }
    /// What failed.
    public let kind: Kind
    /// The explanation, naming the file involved.
    public let message: String

    /// Whether only this result's own user fields caused it (a nickname too long for
    /// the QR code the theme puts it in): the theme itself validated and is not at fault.
    public let isCausedByUserData: Bool

    /// The error this one wraps (a `GraphicsError`, a `WriteFailure`, …), kept so a
    /// front end can look past the message; nil when the render found the problem itself.
    public let cause: (any Error & Sendable)?

    /// Creates an error, wrapping `cause` when another layer's error is the reason.
    public init(_ kind: Kind, _ message: String, causedByUserData: Bool = false, cause: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        isCausedByUserData = causedByUserData
        self.cause = cause
    }

    public var description: String { message }
}
