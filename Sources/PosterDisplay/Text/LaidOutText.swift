/// One line of laid-out text: what it says, where it sits and its glyph runs.
public struct TextLine: Sendable, Hashable, Codable {
    /// The characters of the line as layout broke the text.
    public var text: String
    /// The line's left edge, relative to the text's top-left corner (alignment moves it).
    public var x: Double
    /// The baseline, relative to the text's top-left corner.
    public var baseline: Double
    /// The line's logical width in points.
    public var width: Double
    /// The glyph runs of the line, left to right.
    public var runs: [GlyphRun]

    /// Creates a line.
    public init(text: String, x: Double, baseline: Double, width: Double, runs: [GlyphRun]) {
        self.text = text
        self.x = x
        self.baseline = baseline
        self.width = width
        self.runs = runs
    }
}

/// A text shaped and fitted into its box, as plain values: lines of positioned
/// glyph runs, measured once by layout and drawn exactly as measured.
public struct LaidOutText: Sendable, Hashable, Codable {
    /// The text as drawn (cut and ellipsised when it did not fit).
    public var text: String
    /// The logical size in points.
    public var size: Size
    /// The ink bounds relative to the top-left corner, in points: what a shadow blurs.
    /// Nil when layout was not asked to measure them (measuring ink reads every
    /// glyph's outline, so it is done only for text drawn with a shadow); a shadow of
    /// such a text blurs its logical box instead.
    public var inkBounds: Rect?
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// How the text was fitted.
    public var fit: TextFit

    /// Creates a laid-out text.
    public init(text: String, size: Size, inkBounds: Rect?, lines: [TextLine], fit: TextFit) {
        self.text = text
        self.size = size
        self.inkBounds = inkBounds
        self.lines = lines
        self.fit = fit
    }

    /// The number of lines drawn.
    public var lineCount: Int { lines.count }
    /// The text of each line, in order.
    public var lineTexts: [String] { lines.map(\.text) }
}
