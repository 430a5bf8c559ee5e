import PosterDisplay
import CPangoCairo

/// Where each glyph's ink lies, for checking that marks never touch.
extension ShapedText {
    /// One glyph's ink, horizontally, in points from the layout's left edge.
    package struct GlyphInk: Equatable {
        /// The line the glyph is on (0-based).
        package var line: Int
        /// The character the glyph belongs to (its cluster's first character).
        package var character: Character
        /// The left and right edges of its ink; equal for a blank glyph.
        package var minX: Double
        package var maxX: Double
        /// The top and bottom of its ink relative to the baseline (negative is above).
        package var minY: Double
        package var maxY: Double
        /// Its advance.
        package var advance: Double
    }

    /// Every glyph's horizontal ink extent, in visual order per line.
    package var glyphInks: [GlyphInk] {
        var result: [GlyphInk] = []
        let scale = Double(PANGO_SCALE)
        let utf8 = Array(text.utf8)
        guard let iterator = pango_layout_get_iter(layout.handle) else { return result }
        defer { pango_layout_iter_free(iterator) }
        var lineIndex = 0
        var currentLine: UnsafeMutablePointer<PangoLayoutLine>?
        repeat {
            let line = pango_layout_iter_get_line_readonly(iterator)
            if let line, line != currentLine {
                if currentLine != nil { lineIndex += 1 }
                currentLine = line
            }
            guard let run = pango_layout_iter_get_run_readonly(iterator), let font = run.pointee.item.pointee.analysis.font else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            var x = Double(logical.x) / scale
            let glyphs = run.pointee.glyphs.pointee
            let base = Int(run.pointee.item.pointee.offset)
            for index in 0..<Int(glyphs.num_glyphs) {
                let glyph = glyphs.glyphs[index]
                var ink = PangoRectangle()
                pango_font_get_glyph_extents(font, glyph.glyph, &ink, nil)
                let origin = x + Double(glyph.geometry.x_offset) / scale
                let byte = base + Int(glyphs.log_clusters[index])
                var end = byte + 1
                while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
                let character = byte < utf8.count ? String(decoding: utf8[byte..<end], as: UTF8.self).first ?? " " : " "
                result.append(GlyphInk(line: lineIndex, character: character, minX: origin + Double(ink.x) / scale,
                                       maxX: origin + Double(ink.x + ink.width) / scale,
                                       minY: Double(ink.y + glyph.geometry.y_offset) / scale,
                                       maxY: Double(ink.y + ink.height + glyph.geometry.y_offset) / scale,
                                       advance: Double(glyph.geometry.width) / scale))
                x += Double(glyph.geometry.width) / scale
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return result
    }
}
