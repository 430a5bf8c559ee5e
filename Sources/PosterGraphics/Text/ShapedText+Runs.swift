import PosterDisplay
import CCairo
import CPangoCairo
import CPangoFT2

extension ShapedText {
    /// The text as plain values: each line's text, position and width, and its
    /// glyph runs with their font keys and positions, read from the Pango layout
    /// once so that nothing Pango owns outlives layout.
    ///
    /// Positions are kept exactly as Pango's Cairo renderer computes them (Pango
    /// units divided by `PANGO_SCALE`, which is exact in binary), so drawing the runs
    /// with `cairo_show_glyphs` places every glyph where Pango would have.
    /// `measuringInk` also measures the ink bounds (see `LaidOutText.inkBounds`).
    package func laidOut(measuringInk: Bool = false) -> LaidOutText {
        let scale = Double(PANGO_SCALE)
        let utf8 = Array(text.utf8)
        var lines: [TextLine] = []
        if let iterator = pango_layout_get_iter(layout.handle) {
            defer { pango_layout_iter_free(iterator) }
            var currentLine: UnsafeMutablePointer<PangoLayoutLine>?
            repeat {
                let line = pango_layout_iter_get_line_readonly(iterator)
                if let line, line != currentLine {
                    currentLine = line
                    var logical = PangoRectangle()
                    pango_layout_iter_get_line_extents(iterator, nil, &logical)
                    let start = Int(line.pointee.start_index)
                    let end = min(utf8.count, start + Int(line.pointee.length))
                    lines.append(TextLine(
                        text: start < end ? String(decoding: utf8[start..<end], as: UTF8.self) : "",
                        x: Double(logical.x) / scale,
                        baseline: Double(pango_layout_iter_get_baseline(iterator)) / scale,
                        width: Double(logical.width) / scale, runs: []))
                }
                guard let run = pango_layout_iter_get_run_readonly(iterator), !lines.isEmpty else { continue }
                var logical = PangoRectangle()
                pango_layout_iter_get_run_extents(iterator, nil, &logical)
                let origin = Point(x: Double(logical.x) / scale,
                                   y: Double(pango_layout_iter_get_baseline(iterator)) / scale)
                if let glyphRun = Self.glyphRun(run, origin: origin, emoji: emoji) {
                    lines[lines.count - 1].runs.append(glyphRun)
                }
            } while pango_layout_iter_next_run(iterator) != 0
        }
        return LaidOutText(text: text, size: size, inkBounds: measuringInk ? inkBounds : nil, lines: lines, fit: fit)
    }

    /// One Pango run as a glyph run; nil when its font is not a fontconfig font.
    static func glyphRun(_ run: UnsafeMutablePointer<PangoGlyphItem>, origin: Point, emoji: EmojiRenderer) -> GlyphRun? {
        guard let font = run.pointee.item.pointee.analysis.font, let key = fontKey(font) else { return nil }
        let kind: GlyphRun.Kind = emoji.isColorBitmap(font) ? .colorBitmap : .outline
        let scale = Double(PANGO_SCALE)
        let string = run.pointee.glyphs.pointee
        var glyphs: [Glyph] = []
        var missing: [MissingGlyph] = []
        glyphs.reserveCapacity(Int(string.num_glyphs))
        var position: Int32 = 0
        for index in 0..<Int(string.num_glyphs) {
            let info = string.glyphs[index]
            defer { position += info.geometry.width }
            guard info.glyph != PANGO_GLYPH_EMPTY else { continue }
            let x = Double(position + info.geometry.x_offset) / scale
            let y = Double(info.geometry.y_offset) / scale
            if info.glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 {
                let scalar = info.glyph & ~PANGO_GLYPH_UNKNOWN_FLAG
                // As Pango's renderer: never a box for a space.
                if scalar != 0x20 {
                    missing.append(MissingGlyph(scalar: scalar, x: x, y: y, advance: Double(info.geometry.width) / scale))
                }
            } else {
                glyphs.append(Glyph(id: info.glyph, x: x, y: y))
            }
        }
        return GlyphRun(font: key, kind: kind, origin: origin, glyphs: glyphs, missing: missing)
    }

    /// The font file, face, matrix and rendering flags Pango drew `font` with.
    static func fontKey(_ font: UnsafeMutablePointer<PangoFont>) -> FontKey? {
        guard let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)),
              let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font))
        else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var matrix = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaled, &matrix)
        func bool(_ name: String) -> Bool? {
            var value: FcBool = 0
            return FcPatternGetBool(pattern, name, 0, &value) == FcResultMatch ? value != 0 : nil
        }
        func int(_ name: String) -> Int? {
            var value: Int32 = 0
            return FcPatternGetInteger(pattern, name, 0, &value) == FcResultMatch ? Int(value) : nil
        }
        var variations: UnsafeMutablePointer<FcChar8>?
        let hasVariations = FcPatternGetString(pattern, FC_FONT_VARIATIONS, 0, &variations) == FcResultMatch
        let rendering = FontRendering(
            antialias: bool(FC_ANTIALIAS), hinting: bool(FC_HINTING), hintStyle: int(FC_HINT_STYLE),
            autohint: bool(FC_AUTOHINT), subpixelOrder: int(FC_RGBA), lcdFilter: int(FC_LCD_FILTER),
            embeddedBitmap: bool(FC_EMBEDDED_BITMAP), verticalLayout: bool(FC_VERTICAL_LAYOUT),
            embolden: bool(FC_EMBOLDEN),
            variations: hasVariations ? variations.map { String(cString: $0) } : nil)
        return FontKey(
            file: String(cString: file), faceIndex: Int(index),
            matrix: FontMatrix(xx: matrix.xx, yx: matrix.yx, xy: matrix.xy, yy: matrix.yy), rendering: rendering)
    }
}

extension TextShaper {
    /// Shapes and fits `text` (see `shape`) and returns it as plain glyph runs.
    package func layOut(
        _ text: String, style: TextStyle, width: Double?, maxHeight: Double? = nil, measuringInk: Bool = false
    ) -> LaidOutText {
        let key = LayoutCache.Key(text: text, style: style, width: width, maxHeight: maxHeight, measuringInk: measuringInk)
        return layoutCache.value(for: key) {
            shape(text, style: style, width: width, maxHeight: maxHeight).laidOut(measuringInk: measuringInk)
        }
    }
}
