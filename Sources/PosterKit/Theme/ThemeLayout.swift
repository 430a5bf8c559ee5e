import PosterDisplay

/// What a theme draws in one format: the format, the canvas background and the elements.
///
/// A theme's top-level `canvas` and `elements` are its `poster` layout; each entry of
/// `formats` adds another. Variables, assets, copy and the subject are the theme's and
/// shared by every layout.
public struct ThemeLayout: Sendable {
    /// The format: its name, canvas size and safe margins.
    public let format: PosterFormat
    /// The canvas background.
    public let background: ColorValue
    /// The top-level elements, drawn in order.
    public let elements: [ElementNode]
    /// Where the layout starts in the theme file, for messages.
    public let path: JSONPath

    /// Creates a layout.
    public init(format: PosterFormat, background: ColorValue, elements: [ElementNode], path: JSONPath = .root) {
        self.format = format
        self.background = background
        self.elements = elements
        self.path = path
    }
}
