import PosterDisplay
import CPangoCairo

extension ShapedText {
    /// The ink bounds of the text relative to its origin, in points.
    package var inkBounds: Rect {
        var ink = PangoRectangle()
        pango_layout_get_extents(layout.handle, &ink, nil)
        let scale = Double(PANGO_SCALE)
        return Rect(x: Double(ink.x) / scale, y: Double(ink.y) / scale,
                    width: Double(ink.width) / scale, height: Double(ink.height) / scale)
    }
}

extension ShapedText {
    /// The text of each drawn line, in order, as Pango broke it.
    package var lineTexts: [String] {
        let utf8 = Array(text.utf8)
        return (0..<lineCount).compactMap { index in
            guard let line = pango_layout_get_line_readonly(layout.handle, Int32(index)) else { return nil }
            let start = Int(line.pointee.start_index)
            let end = min(utf8.count, start + Int(line.pointee.length))
            return String(decoding: utf8[start..<end], as: UTF8.self)
        }
    }
}
