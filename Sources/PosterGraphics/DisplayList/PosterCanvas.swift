import PosterDisplay
import CCairo

/// Draws display lists into a reusable 2x raster (`Raster`); encoding is the caller's.
///
/// One per thread: the raster is reused from render to render, so a worker
/// allocates its full-size buffer once.
package final class PosterCanvas {
    /// Device pixels per poster point. Fixed, so every device shares one image.
    package static let scale = 2.0

    /// The last raster drawn, whose storage the next draw reuses.
    private var raster: Raster?
    /// Blurred shape-shadow masks reused across renders (see `ShadowMaskCache`).
    var shadowMasks = ShadowMaskCache()
    /// The raster radial gradients are computed into (see `fillRadial`), made on first use.
    var radialSurface: ImageSurface?
    /// Cairo fonts for the glyph runs' font keys.
    let fonts = ScaledFontCache()
    /// Scaled colour-emoji bitmaps.
    let emoji = EmojiBitmaps()
    /// Reused storage for one run's Cairo glyphs.
    var glyphBuffer: [cairo_glyph_t] = []
    /// The decoded image of an asset id, for the list being drawn.
    var assets: (String) -> ImageAsset? = { _ in nil }

    /// Creates a canvas; the raster is allocated on first use.
    package init() {}

    /// Draws `items` over a solid `background` on a canvas of `size` points and
    /// returns the raster; `assets` gives the decoded image for each
    /// `ImageReference.id` the items draw.
    ///
    /// The canvas keeps the raster's storage and draws the next list into it again
    /// when the caller has let the returned raster go; a raster the caller keeps is
    /// never overwritten (copy on write).
    package func draw(
        _ items: [DisplayItem], size: Size, background: Color, assets: @escaping (String) -> ImageAsset? = { _ in nil }
    ) throws(GraphicsError) -> Raster {
        let width = Int((size.width * Self.scale).rounded())
        let height = Int((size.height * Self.scale).rounded())
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw GraphicsError(.limit, "surface size \(width)x\(height) is outside 1...32767 pixels")
        }
        var target = raster?.width == width && raster?.height == height ? raster! : Raster(transparentWidth: width, height: height)
        raster = nil  // so that `target` is the storage's only owner and is drawn into in place
        self.assets = assets
        defer { self.assets = { _ in nil } }
        var failure: GraphicsError?
        target.withUnsafeMutableBytes { bytes in
            do throws(GraphicsError) {
                let surface = try ImageSurface(wrapping: bytes.baseAddress!, width: width, height: height)
                defer { cairo_surface_finish(surface.handle) }
                let context = try CairoContext(surface: surface)
                let cr = context.handle
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                cairo_scale(cr, Self.scale, Self.scale)
                for item in items {
                    try draw(item, in: context)
                }
                try context.check("drawing the display list")
                cairo_surface_flush(surface.handle)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        raster = target
        return target
    }

    func draw(_ item: DisplayItem, in context: CairoContext) throws(GraphicsError) {
        let cr = context.handle
        switch item {
        case .shape(let geometry, let fill, let stroke, let shadow):
            if let shadow {
                let outline = stroke.map { Stroke(paint: .solid(.black), width: $0.width, dash: $0.dash) }
                let described = ShadowSilhouette(geometry: geometry, filled: fill != nil && geometry.isFillable, stroke: outline)
                try drawShadow(shadow, bounds: geometry.bounds, in: context, shape: described,
                               hiddenBy: Self.opaqueInterior(of: geometry, fill: fill)) { cr in
                    // The silhouette is whatever the shape paints: its inside, its outline, or both.
                    if fill != nil, geometry.isFillable {
                        addPath(geometry, in: cr)
                        cairo_fill(cr)
                    }
                    if let outline {
                        addPath(geometry, in: cr)
                        applyStroke(outline, in: cr)
                        cairo_stroke(cr)
                    }
                }
            }
            if let fill, geometry.isFillable {
                addPath(geometry, in: cr)
                if case .radialGradient(let center, let radius, let stops) = fill,
                   try fillRadial(center: center, radius: radius, stops: stops, in: cr) {
                    // Filled from a computed raster.
                } else {
                    setPaint(fill, in: cr)
                    cairo_fill(cr)
                }
            }
            if let stroke {
                addPath(geometry, in: cr)
                applyStroke(stroke, in: cr)
                cairo_stroke(cr)
            }
        case .text(let text, let origin, let color, let stroke, let shadow):
            let fonts = try scaledFonts(for: text)
            if let shadow {
                let box = text.inkBounds ?? Rect(x: 0, y: 0, width: text.size.width, height: text.size.height)
                let ink = box.offsetBy(dx: origin.x, dy: origin.y)
                try drawShadow(shadow, bounds: ink, in: context) { cr in
                    fill(text, fonts: fonts, at: origin, color: .black, silhouette: true, in: cr)
                }
            }
            if let stroke {
                cairo_new_path(cr)
                addPath(text, fonts: fonts, at: origin, in: cr)
                applyStroke(stroke, in: cr)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cr)
            }
            fill(text, fonts: fonts, at: origin, color: color, in: cr)
        case .image(let reference, let frame, let fit, let radius, let circle, let opacity):
            guard let asset = assets(reference.id) else {
                throw GraphicsError(.asset, "image '\(reference.id)' is not among the assets the list was drawn with")
            }
            try drawImage(asset, frame: frame, fit: fit, cornerRadius: radius, circle: circle, opacity: opacity, in: cr)
        case .qr(let placement, let foreground, let background):
            drawQR(placement, foreground: foreground, background: background, in: cr)
        case .group(let children, let opacity, let clip, let tint, let rotation, let blend):
            cairo_save(cr)
            if let rotation {
                // Children and clip turn together about the rotation's centre.
                cairo_translate(cr, rotation.center.x, rotation.center.y)
                cairo_rotate(cr, rotation.radians)
                cairo_translate(cr, -rotation.center.x, -rotation.center.y)
            }
            if let clip {
                addPath(clip, in: cr)
                cairo_clip(cr)
            }
            // Cairo sizes the group's scratch surface to the clip, so a clipped group stays cheap.
            // A blend composites the children as one picture, so overlaps inside it are not
            // multiplied twice (an ink stamp's ring and its text).
            let layered = opacity < 1 || tint != nil || blend != .normal
            if layered { cairo_push_group(cr) }
            for child in children {
                try draw(child, in: context)
            }
            if layered {
                guard let pattern = cairo_pop_group(cr) else { throw GraphicsError(.cairo, "cairo_pop_group returned nothing") }
                defer { cairo_pattern_destroy(pattern) }
                try checkCairo(cairo_pattern_status(pattern), "cairo_pop_group")
                cairo_set_operator(cr, blend.cairoOperator)
                if let tint {
                    cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha * max(0, min(1, opacity)))
                    cairo_mask(cr, pattern)
                } else {
                    cairo_set_source(cr, pattern)
                    cairo_paint_with_alpha(cr, max(0, min(1, opacity)))
                }
            }
            cairo_restore(cr)
        }
        try context.check("drawing an item")
    }
}

extension BlendMode {
    /// The Cairo operator that composites a layer this way.
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        }
    }
}
