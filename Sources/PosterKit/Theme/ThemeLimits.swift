/// The limits a theme must respect; see docs/limits.md.
public enum ThemeLimits {
    /// The largest theme file, in bytes.
    public static let maximumFileBytes = 1 << 20
    /// The longest canvas side, in points (4096 device pixels).
    public static let maximumCanvasSide = 2048.0
    /// The most elements a theme may declare, nested ones included.
    public static let maximumElements = 500
    /// The deepest nesting of stacks and groups (and of the JSON itself).
    public static let maximumDepth = 32
    /// The most theme variables.
    public static let maximumVariables = 200
    /// The most named styles (`styles`).
    public static let maximumStyles = 200
    /// The most styles one element may name in its `style` list.
    public static let maximumStylesPerElement = 8
    /// The most components (`components`).
    public static let maximumComponents = 100
    /// The most parameters one component may declare.
    public static let maximumParameters = 32
    /// What expanding every use of a component may copy, in JSON values plus string
    /// bytes (4 MiB): a component used 500 times cannot make a 1 MiB file a 500 MiB read.
    public static let maximumExpansionUnits = 4 << 20
    /// The most font files a theme may ship (`fonts`).
    public static let maximumFontFiles = 8
    /// The largest font file a theme may ship, in bytes.
    public static let maximumFontFileBytes = 8 << 20
    /// The most bytes all the font files of a theme may take together.
    public static let maximumFontBytes = 16 << 20
    /// The largest font size, in points.
    public static let maximumFontSize = 400.0
    /// The most memory all of a theme's images may take once decoded (PNG
    /// pixels at 4 bytes each, SVG documents at their file size), in bytes.
    public static let maximumAssetBytes = 128 << 20
    /// The longest a variable's value, or a bound text with the theme's own values
    /// filled in, may be for any variant, in UTF-8 bytes (see `ThemeExpansion`).
    public static let maximumExpandedBytes = 16 << 10
}
