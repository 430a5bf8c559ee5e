/// A poster laid out: the canvas, its background, the display items in drawing
/// order and the fit notes layout produced with them.
///
/// Plain values only (glyph runs, asset ids, QR modules), so a list is `Sendable`,
/// can be compared and stored, and can be drawn on any thread.
public struct DisplayList: Sendable, Hashable {
    /// The canvas size in points.
    public var size: Size
    /// The colour under everything.
    public var background: Color
    /// What is drawn, bottom first.
    public var items: [DisplayItem]
    /// What was shrunk, ellipsised, shortened, overflowed or drawn off the canvas.
    public var notes: [FitNote]

    /// Creates a list.
    public init(size: Size, background: Color, items: [DisplayItem], notes: [FitNote]) {
        self.size = size
        self.background = background
        self.items = items
        self.notes = notes
    }
}
