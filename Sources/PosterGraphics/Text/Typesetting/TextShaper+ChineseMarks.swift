import PosterDisplay
import CPangoCairo

/// Two marks that Chinese text borrows from Latin and that a CJK font draws in
/// its Latin form inside a Latin run: the ellipsis (Noto CJK sets `…` on the
/// baseline after a Latin letter, centred after a Han character) and the middle
/// dot (Noto Sans CJK SC draws `·` one em wide everywhere).
extension TextShaper {
    /// The narrow centred dot the pinned fonts draw for U+22C5, which stands in for
    /// a middle dot between two Latin letters or digits (`Alexander·the·Great`):
    /// Noto Sans CJK SC has no narrow form of U+00B7, and a Latin name wants one.
    static let latinMiddleDot: Character = "\u{22C5}"

    /// `text` with every `·` (U+00B7) or `・` (U+30FB) between two Latin letters
    /// or digits drawn as `latinMiddleDot`; other text is returned unchanged.
    static func latinMiddleDots(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{00B7}" || $0 == "\u{30FB}" }) else { return text }
        var characters = Array(text)
        for index in characters.indices.dropFirst().dropLast()
        where characters[index] == "\u{00B7}" || characters[index] == "\u{30FB}" {
            if characters[index - 1].isLatinAlphanumeric, characters[index + 1].isLatinAlphanumeric {
                characters[index] = latinMiddleDot
            }
        }
        return String(characters)
    }

    /// Moves every ellipsis glyph of a Chinese text (one with Han characters) that
    /// the font draws off the centre of the em box (Noto CJK after a Latin letter:
    /// `Great……` on the baseline) up to where the same font draws it after a Han
    /// character, as GB/T 15834 sets it. Only glyph offsets change, never advances.
    func centringEllipses(_ box: PangoLayoutBox, text: String, style: TextStyle, size: Double) {
        guard text.unicodeScalars.contains("\u{2026}"), text.contains(where: \.isIdeograph) else { return }
        let target = fontFacts.ellipsisCentre(style, shaper: self) * size
        _ = pango_layout_get_lines(box.handle)
        guard let iterator = pango_layout_get_iter(box.handle) else { return }
        defer { pango_layout_iter_free(iterator) }
        let scale = Double(PANGO_SCALE)
        let utf8 = Array(box.text.utf8)
        repeat {
            guard let run = pango_layout_iter_get_run(iterator), let font = run.pointee.item.pointee.analysis.font else { continue }
            let glyphs = run.pointee.glyphs.pointee
            let base = Int(run.pointee.item.pointee.offset)
            for index in 0..<Int(glyphs.num_glyphs) {
                let byte = base + Int(glyphs.log_clusters[index])
                // U+2026 is E2 80 A6 in UTF-8.
                guard byte + 2 < utf8.count, utf8[byte] == 0xE2, utf8[byte + 1] == 0x80, utf8[byte + 2] == 0xA6 else { continue }
                var ink = PangoRectangle()
                pango_font_get_glyph_extents(font, glyphs.glyphs[index].glyph, &ink, nil)
                let centre = (Double(ink.y) + Double(ink.height) / 2) / scale
                guard abs(centre - target) > 0.05 * size else { continue }
                glyphs.glyphs[index].geometry.y_offset += Int32(((target - centre) * scale).rounded())
            }
        } while pango_layout_iter_next_run(iterator) != 0
    }
}

extension FontFacts {
    /// Where the font for `style` centres `…` after a Han character: its ink's
    /// vertical centre relative to the baseline, as a fraction of the font size.
    func ellipsisCentre(_ style: TextStyle, shaper: TextShaper) -> Double {
        let key = Face(family: style.family, weight: style.weight, italic: style.italic)
        if let known = ellipsisCentres[key] { return known }
        let layout = shaper.pangoLayout("中…", style: style, size: 100, width: nil)
        var centre = -0.38
        if let line = pango_layout_get_line_readonly(layout.handle, 0), let runs = line.pointee.runs,
           let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
           let font = run.pointee.item.pointee.analysis.font, run.pointee.glyphs.pointee.num_glyphs >= 2 {
            var ink = PangoRectangle()
            pango_font_get_glyph_extents(font, run.pointee.glyphs.pointee.glyphs[1].glyph, &ink, nil)
            centre = (Double(ink.y) + Double(ink.height) / 2) / Double(PANGO_SCALE) / 100
        }
        ellipsisCentres[key] = centre
        return centre
    }
}

extension Character {
    /// Whether this is a letter or digit of a Latin-script word (ASCII or Latin-1 letters).
    var isLatinAlphanumeric: Bool {
        guard let scalar = unicodeScalars.first, unicodeScalars.count == 1 else { return false }
        if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        return scalar.value <= 0x24F && scalar.properties.isAlphabetic
    }
}
