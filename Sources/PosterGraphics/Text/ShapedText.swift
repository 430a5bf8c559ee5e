import PosterDisplay

/// A text shaped and fitted into its box, ready to draw.
///
/// Holds Pango objects: draw it on the thread whose `TextShaper` made it. Not
/// `Sendable` for that reason; what leaves the thread is the display list's glyph runs.
package final class ShapedText {
    let layout: PangoLayoutBox
    let emoji: EmojiRenderer
    /// The text as laid out: the drawn lines joined by newlines (spaces at a
    /// line break dropped).
    package let text: String
    /// The text as kept before line breaking (cut and ellipsised when it did not fit).
    package let content: String
    /// The logical size of the shaped text in points.
    package let size: Size
    /// The number of lines drawn.
    package let lineCount: Int
    /// How the text was fitted.
    package let fit: TextFit

    init(layout: PangoLayoutBox, emoji: EmojiRenderer, fit: TextFit) {
        self.layout = layout
        self.emoji = emoji
        self.text = layout.text
        self.content = layout.content
        self.size = layout.size
        self.lineCount = layout.lineCount
        self.fit = fit
    }
}
