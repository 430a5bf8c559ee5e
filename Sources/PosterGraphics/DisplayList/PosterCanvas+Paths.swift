import PosterDisplay
import CCairo

extension ShapeGeometry {
    /// Lines have no inside, so they are only ever stroked.
    var isFillable: Bool {
        if case .line = self { return false }
        return true
    }
}

extension PosterCanvas {
    /// Replaces the current path with the geometry's outline.
    func addPath(_ geometry: ShapeGeometry, in cr: OpaquePointer) {
        cairo_new_path(cr)
        switch geometry {
        case .rect(let rect, let cornerRadius):
            let radius = min(max(0, cornerRadius), rect.width / 2, rect.height / 2)
            if radius <= 0 {
                cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
                return
            }
            cairo_new_sub_path(cr)
            cairo_arc(cr, rect.maxX - radius, rect.minY + radius, radius, -.pi / 2, 0)
            cairo_arc(cr, rect.maxX - radius, rect.maxY - radius, radius, 0, .pi / 2)
            cairo_arc(cr, rect.minX + radius, rect.maxY - radius, radius, .pi / 2, .pi)
            cairo_arc(cr, rect.minX + radius, rect.minY + radius, radius, .pi, 3 * .pi / 2)
            cairo_close_path(cr)
        case .ellipse(let rect):
            // Below 1/256 pt Cairo's scale to a unit circle is not invertible; nothing shows anyway.
            guard rect.width >= 1.0 / 256, rect.height >= 1.0 / 256 else { return }
            cairo_save(cr)
            cairo_translate(cr, rect.x + rect.width / 2, rect.y + rect.height / 2)
            cairo_scale(cr, rect.width / 2, rect.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
            cairo_close_path(cr)
        case .line(let from, let to):
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
        }
    }

    /// Sets the source to a paint; gradient patterns are created and released here.
    func setPaint(_ paint: Paint, in cr: OpaquePointer) {
        switch paint {
        case .solid(let color):
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        case .linearGradient(let start, let end, let stops):
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            addStops(stops, to: pattern)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        case .radialGradient(let center, let radius, let stops):
            let pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, max(radius, 0.001))
            addStops(stops, to: pattern)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    private func addStops(_ stops: [GradientStop], to pattern: OpaquePointer?) {
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.offset, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
        }
    }

    /// Sets the source, width and dash of a stroke.
    func applyStroke(_ stroke: Stroke, in cr: OpaquePointer) {
        setPaint(stroke.paint, in: cr)
        cairo_set_line_width(cr, stroke.width)
        if stroke.dash.isEmpty {
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_dash(cr, nil, 0, 0)
        } else if stroke.drawsDots {
            // Zero-length dashes with round caps are round dots a line width across (a dotted leader).
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_dash(cr, stroke.dash, Int32(stroke.dash.count), 0)
        } else {
            // Butt caps keep dash lengths exact: round caps would eat the gaps.
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            cairo_set_dash(cr, stroke.dash, Int32(stroke.dash.count), 0)
        }
    }
}
