import Foundation
import PosterKit

/// What a studio watches and how it listens. The address is not configurable: a
/// studio serves the theme author's own machine, on 127.0.0.1 only.
public struct StudioConfiguration: Sendable {
    /// The only address a studio binds.
    public static let host = "127.0.0.1"

    /// The theme folder (or its `theme.json5`) watched and drawn.
    public var themeLocation: URL
    /// The element types the theme may use (plugins included).
    public var registry: ElementRegistry = .standard
    /// The port; 0 picks a free one (read it back from `Studio.port`).
    public var port: UInt16 = 0
    /// The format the page opens with (`poster` unless told otherwise).
    public var format: String = PosterFormat.defaultName
    /// How the PNGs are compressed, as `render --compression`.
    public var compression: PosterCompression = .balanced
    /// How long a waiting page's request is held before it is answered "unchanged".
    public var longPollSeconds: Double = 25
    /// How long the folder must stay quiet after a change before the theme is reloaded,
    /// so that an editor's save (write, rename, chmod) reloads once.
    public var debounceSeconds: Double = 0.05

    /// A studio of the theme at `themeLocation`.
    public init(themeLocation: URL) {
        self.themeLocation = themeLocation
    }
}

/// Why a studio could not start: the address, the fonts, the HTTP library.
public struct StudioError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
