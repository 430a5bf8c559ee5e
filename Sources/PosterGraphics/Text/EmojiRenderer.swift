import CPangoCairo

/// Tells colour-bitmap emoji runs from outline text while layout reads Pango's runs.
///
/// Cairo 1.16 draws CBDT bitmap glyphs (Noto Color Emoji) at the font's native
/// strike, several times too big, whatever the font size; so such runs are marked
/// `GlyphRun.Kind.colorBitmap` and drawn by `EmojiBitmaps` instead.
final class EmojiRenderer {
    let colorFamilies: Set<String>

    init(colorFamilies: Set<String>) {
        self.colorFamilies = colorFamilies
    }

    /// Whether a run's font is a colour bitmap font that needs scaled drawing.
    func isColorBitmap(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let description = pango_font_describe(font) else { return false }
        defer { pango_font_description_free(description) }
        guard let family = pango_font_description_get_family(description) else { return false }
        return colorFamilies.contains(String(cString: family))
    }
}
