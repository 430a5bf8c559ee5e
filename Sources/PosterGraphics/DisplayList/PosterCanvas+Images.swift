import PosterDisplay
import CCairo

extension PosterCanvas {
    /// Draws an asset fitted into `frame`, clipped to the frame's rounded rectangle or circle.
    func drawImage(
        _ asset: ImageAsset, frame: Rect, fit: ImageFit, cornerRadius: Double, circle: Bool, opacity: Double,
        in cr: OpaquePointer
    ) throws(GraphicsError) {
        let natural = asset.intrinsicSize
        guard frame.width > 0, frame.height > 0, natural.width > 0, natural.height > 0 else { return }
        var target = frame
        switch fit {
        case .fill:
            break
        case .cover, .contain:
            let scaleX = frame.width / natural.width
            let scaleY = frame.height / natural.height
            let scale = fit == .cover ? max(scaleX, scaleY) : min(scaleX, scaleY)
            let width = natural.width * scale
            let height = natural.height * scale
            target = Rect(x: frame.x + (frame.width - width) / 2, y: frame.y + (frame.height - height) / 2,
                          width: width, height: height)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        addPath(circle ? .ellipse(frame) : .rect(frame, cornerRadius: cornerRadius), in: cr)
        cairo_clip(cr)
        let source: ImageSurface
        if let raster = asset.raster {
            source = raster
        } else if let svg = asset.svg {
            let width = max(1, Int((target.width * Self.scale).rounded()))
            let height = max(1, Int((target.height * Self.scale).rounded()))
            guard width <= ImageAsset.Limits.maximumSide, height <= ImageAsset.Limits.maximumSide else {
                throw GraphicsError(.limit, "\(svg.name): drawn at \(width)x\(height) pixels, beyond the limit of \(ImageAsset.Limits.maximumSide)")
            }
            source = try svg.raster(width: width, height: height, stretch: fit == .fill)
        } else {
            return
        }
        cairo_translate(cr, target.x, target.y)
        cairo_scale(cr, target.width / Double(source.width), target.height / Double(source.height))
        cairo_set_source_surface(cr, source.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint_with_alpha(cr, min(max(opacity, 0), 1))
    }

    /// Draws a placed QR code: the background over the whole box, then the modules,
    /// each `placement.modulePixels` device pixels, where layout put them.
    func drawQR(_ placement: QRPlacement, foreground: Color, background: Color?, in cr: OpaquePointer) {
        // From the box's own device position (layout assumed the plain 2x canvas; this
        // keeps the code on whole pixels on any surface that translates by whole pixels).
        var x = placement.box.x, y = placement.box.y
        cairo_user_to_device(cr, &x, &y)
        let boxLeft = Int(x.rounded()), boxTop = Int(y.rounded())
        let box = placement.boxPixels, drawn = placement.drawnPixels
        let left = boxLeft + drawn.x - box.x, top = boxTop + drawn.y - box.y
        let matrix = placement.matrix, quietZone = placement.quietZone, modulePixels = placement.modulePixels
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        if let background {
            // The background fills the whole square box, not just the snapped modules,
            // so the code never looks smaller than the space the theme gave it.
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
            cairo_rectangle(cr, Double(boxLeft), Double(boxTop), Double(box.side), Double(box.side))
            cairo_fill(cr)
        }
        cairo_set_source_rgba(cr, foreground.red, foreground.green, foreground.blue, foreground.alpha)
        for row in 0..<matrix.size {
            var column = 0
            while column < matrix.size {
                guard matrix.isDark(column: column, row: row) else {
                    column += 1
                    continue
                }
                let start = column
                while column < matrix.size, matrix.isDark(column: column, row: row) { column += 1 }
                cairo_rectangle(
                    cr, Double(left + (start + quietZone) * modulePixels), Double(top + (row + quietZone) * modulePixels),
                    Double((column - start) * modulePixels), Double(modulePixels))
            }
        }
        cairo_fill(cr)
    }
}
