import PosterDisplay
import CCairo

extension PosterCanvas {
    /// Fills laid-out text in `color`; colour emoji keep their own colours unless `silhouette` is set.
    ///
    /// Each outline run is drawn as Pango's Cairo renderer draws a glyph item: the
    /// run's baseline start becomes the current point, and every glyph is placed at
    /// that point plus its offset, in the run's scaled font.
    /// `fonts` are the scaled fonts of the text's runs in order (`scaledFonts(for:)`).
    func fill(
        _ text: LaidOutText, fonts: [OpaquePointer], at origin: Point, color: Color, silhouette: Bool = false,
        in cr: OpaquePointer
    ) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        var fonts = fonts.makeIterator()
        for line in text.lines {
            for run in line.runs {
                let x = origin.x + run.origin.x
                let y = origin.y + run.origin.y
                guard let font = fonts.next() else { return }
                switch run.kind {
                case .colorBitmap:
                    if !silhouette { emoji.draw(run, font: font, cr: cr, x: x, y: y) }
                    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
                case .outline:
                    show(run, font: font, x: x, y: y, asPath: false, in: cr)
                }
            }
        }
    }

    /// Adds the outlines of every non-emoji glyph to the current path.
    func addPath(_ text: LaidOutText, fonts: [OpaquePointer], at origin: Point, in cr: OpaquePointer) {
        var fonts = fonts.makeIterator()
        for line in text.lines {
            for run in line.runs {
                guard let font = fonts.next() else { return }
                guard run.kind == .outline else { continue }
                show(run, font: font, x: origin.x + run.origin.x, y: origin.y + run.origin.y, asPath: true, in: cr)
            }
        }
    }

    /// The scaled font of every run of `text`, in order.
    func scaledFonts(for text: LaidOutText) throws(GraphicsError) -> [OpaquePointer] {
        var fonts: [OpaquePointer] = []
        for line in text.lines {
            for run in line.runs { fonts.append(try self.fonts.font(for: run.font)) }
        }
        return fonts
    }

    /// Shows (or adds as a path) one outline run whose baseline starts at (x, y).
    private func show(_ run: GlyphRun, font: OpaquePointer, x: Double, y: Double, asPath: Bool, in cr: OpaquePointer) {
        cairo_move_to(cr, x, y)
        // Pango reads the start back from Cairo; so do we, for the same rounding.
        var baseX = 0.0, baseY = 0.0
        cairo_get_current_point(cr, &baseX, &baseY)
        cairo_save(cr)
        for box in run.missing {
            drawMissingGlyph(box, baseX: baseX, baseY: baseY, asPath: asPath, in: cr)
        }
        cairo_set_scaled_font(cr, font)
        glyphBuffer.removeAll(keepingCapacity: true)
        for glyph in run.glyphs {
            glyphBuffer.append(cairo_glyph_t(index: UInt(glyph.id), x: baseX + glyph.x, y: glyph.y == 0 ? baseY : baseY + glyph.y))
        }
        glyphBuffer.withUnsafeBufferPointer { glyphs in
            if asPath {
                cairo_glyph_path(cr, glyphs.baseAddress, Int32(glyphs.count))
            } else {
                cairo_show_glyphs(cr, glyphs.baseAddress, Int32(glyphs.count))
            }
        }
        cairo_restore(cr)
        cairo_move_to(cr, baseX, baseY)
    }

    /// A box where a character no pinned font has would be, as Pango draws one
    /// without its hex-digit font: a 1-point frame inset 1.5 points in the advance.
    private func drawMissingGlyph(_ glyph: MissingGlyph, baseX: Double, baseY: Double, asPath: Bool, in cr: OpaquePointer) {
        let height = 14.0  // PANGO_UNKNOWN_GLYPH_HEIGHT
        let x = baseX + glyph.x + 1.5
        let y = (glyph.y == 0 ? baseY : baseY + glyph.y) + 1.5 - height
        let width = glyph.advance - 3, boxHeight = height - 3
        guard width > 0 else { return }
        cairo_save(cr)
        if asPath {
            cairo_rectangle(cr, x - 0.5, y - 0.5, width + 1, boxHeight + 1)
            cairo_rectangle(cr, x + width - 0.5, y + 0.5, -(width - 1), boxHeight - 1)
        } else {
            cairo_rectangle(cr, x, y, width, boxHeight)
            cairo_set_line_width(cr, 1)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_set_miter_limit(cr, 2)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }
}
