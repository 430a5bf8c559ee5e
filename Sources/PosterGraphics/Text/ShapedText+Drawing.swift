import PosterDisplay
import CPangoCairo

extension ShapedText {
    /// Calls `body` for each glyph run with the user-space start of its baseline.
    func forEachRun(at origin: Point, _ body: (UnsafeMutablePointer<PangoGlyphItem>, Double, Double) -> Void) {
        guard let iterator = pango_layout_get_iter(layout.handle) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iterator)
            body(run, origin.x + Double(logical.x) / Double(PANGO_SCALE),
                 origin.y + Double(baseline) / Double(PANGO_SCALE))
        } while pango_layout_iter_next_run(iterator) != 0
    }

    /// Fills the text in `color`; colour emoji keep their own colours unless `silhouette` is set.
    func fill(in cr: OpaquePointer, at origin: Point, color: Color, silhouette: Bool = false) {
        let text = pango_layout_get_text(layout.handle)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        forEachRun(at: origin) { run, x, y in
            if let font = run.pointee.item.pointee.analysis.font, emoji.isColorBitmap(font) {
                if !silhouette { emoji.draw(run: run, cr: cr, x: x, y: y) }
                cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            } else {
                cairo_move_to(cr, x, y)
                pango_cairo_show_glyph_item(cr, text, run)
            }
        }
    }

    /// Adds the outlines of every non-emoji glyph to the current path.
    func addPath(in cr: OpaquePointer, at origin: Point) {
        forEachRun(at: origin) { run, x, y in
            guard let font = run.pointee.item.pointee.analysis.font, !emoji.isColorBitmap(font) else { return }
            cairo_move_to(cr, x, y)
            pango_cairo_glyph_string_path(cr, font, run.pointee.glyphs)
        }
    }

    /// The ink bounds of the text relative to its origin, in points.
    public var inkBounds: Rect {
        var ink = PangoRectangle()
        pango_layout_get_extents(layout.handle, &ink, nil)
        let scale = Double(PANGO_SCALE)
        return Rect(x: Double(ink.x) / scale, y: Double(ink.y) / scale,
                    width: Double(ink.width) / scale, height: Double(ink.height) / scale)
    }
}

extension ShapedText {
    /// The text of each drawn line, in order, as Pango broke it.
    public var lineTexts: [String] {
        let utf8 = Array(text.utf8)
        return (0..<lineCount).compactMap { index in
            guard let line = pango_layout_get_line_readonly(layout.handle, Int32(index)) else { return nil }
            let start = Int(line.pointee.start_index)
            let end = min(utf8.count, start + Int(line.pointee.length))
            return String(decoding: utf8[start..<end], as: UTF8.self)
        }
    }
}
