import PosterDisplay
import CCairo

/// What a shape's shadow silhouette is made of; with the transform and blur it
/// determines the blurred mask completely, so masks can be reused across renders.
struct ShadowSilhouette: Hashable {
    let geometry: ShapeGeometry
    let filled: Bool
    /// The outline's width and dash, in black, when the shape is stroked.
    let stroke: Stroke?
}

/// A finished shadow mask and where it goes on the canvas.
struct ShadowMaskKey: Hashable {
    let silhouette: ShadowSilhouette
    let offset: Point
    let blur: Double
    let matrix: [Double]
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int
}

/// Blurred shadow masks of shapes, kept per canvas (so per worker thread, no lock).
///
/// A theme's card shadow is the same on every poster, and blurring it is the most
/// expensive step of drawing; the mask for the same silhouette, transform and blur
/// is bit-for-bit the same, so it is made once and reused. Bounded in bytes.
struct ShadowMaskCache {
    static let maximumBytes = 24 << 20
    private var masks: [ShadowMaskKey: ImageSurface] = [:]
    private var bytes = 0

    func mask(for key: ShadowMaskKey) -> ImageSurface? { masks[key] }

    mutating func store(_ mask: ImageSurface, for key: ShadowMaskKey) {
        let size = mask.stride * mask.height
        guard size <= Self.maximumBytes / 2 else { return }
        if bytes + size > Self.maximumBytes {
            masks.removeAll()
            bytes = 0
        }
        masks[key] = mask
        bytes += size
    }
}

extension PosterCanvas {
    /// Paints a blurred silhouette under an item. The silhouette is drawn into an
    /// 8-bit alpha raster covering only the shadow's area, box-blurred three times
    /// in place (close to a Gaussian), and used as a mask in the shadow colour.
    ///
    /// With a `silhouette` description (shapes), the finished mask is cached and
    /// reused by later renders on this canvas; text shadows are made each time.
    ///
    /// `hidden` is an area, in user space, that the item itself paints over with
    /// full coverage and an opaque colour; the shadow is not composited there, as
    /// nothing of it could show (most of a card's shadow lies under the card).
    func drawShadow(
        _ shadow: Shadow, bounds: Rect, in context: CairoContext, shape described: ShadowSilhouette? = nil,
        hiddenBy hidden: Rect? = nil, silhouette: (OpaquePointer) -> Void
    ) throws(GraphicsError) {
        let cr = context.handle
        let margin = shadow.blur * 2 + 1
        let area = Rect(x: bounds.x + shadow.offset.x - margin, y: bounds.y + shadow.offset.y - margin,
                        width: bounds.width + 2 * margin, height: bounds.height + 2 * margin)
        // All four corners: under a rotated element the area's device box is wider than two corners give.
        var xs: [Double] = [], ys: [Double] = []
        for (cornerX, cornerY) in [(area.minX, area.minY), (area.maxX, area.minY), (area.maxX, area.maxY), (area.minX, area.maxY)] {
            var x = cornerX, y = cornerY
            cairo_user_to_device(cr, &x, &y)
            xs.append(x)
            ys.append(y)
        }
        let left = max(0, Int(xs.min()!.rounded(.down)))
        let top = max(0, Int(ys.min()!.rounded(.down)))
        let right = min(context.surface.width, Int(xs.max()!.rounded(.up)))
        let bottom = min(context.surface.height, Int(ys.max()!.rounded(.up)))
        guard right > left, bottom > top else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)

        let key = described.map {
            ShadowMaskKey(silhouette: $0, offset: shadow.offset, blur: shadow.blur,
                          matrix: [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0],
                          left: left, top: top, right: right, bottom: bottom)
        }
        let mask: ImageSurface
        if let key, let cached = shadowMasks.mask(for: key) {
            mask = cached
        } else {
            // An A8 target holds exactly the coverage an ARGB32 one holds in its alpha,
            // in a quarter of the memory; Cairo then composites a solid colour through
            // it on pixman's fast path.
            mask = try ImageSurface(width: right - left, height: bottom - top, format: CAIRO_FORMAT_A8)
            let maskContext = try CairoContext(surface: mask)
            let sc = maskContext.handle
            cairo_translate(sc, -Double(left), -Double(top))
            cairo_transform(sc, &matrix)
            cairo_translate(sc, shadow.offset.x, shadow.offset.y)
            cairo_set_source_rgba(sc, 0, 0, 0, 1)
            silhouette(sc)
            try maskContext.check("drawing a shadow silhouette")
            let radius = Int((shadow.blur * PosterCanvas.scale / 2).rounded())
            mask.withMutablePixels { bytes in
                AlphaBlur.blur(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                               width: mask.width, height: mask.height, stride: mask.stride, radius: radius)
            }
            if let key { shadowMasks.store(mask, for: key) }
        }
        let skipped = hidden.flatMap { Self.wholePixels(inside: $0, matrix: matrix) }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if let skipped {
            // A pixel-aligned frame (the shadow's box minus the hidden box) is a region
            // clip in Cairo: no clip mask, the pixels outside the hole exactly as before.
            cairo_rectangle(cr, Double(left), Double(top), Double(right - left), Double(bottom - top))
            cairo_rectangle(cr, skipped.minX, skipped.minY, skipped.width, skipped.height)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_clip(cr)
        }
        let color = shadow.color
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cr, mask.handle, Double(left), Double(top))
        cairo_restore(cr)
    }
}

extension PosterCanvas {
    /// The part of a shape that its fill paints with full coverage in an opaque
    /// colour, in user space; nil when there is none to rely on.
    ///
    /// For a rounded rectangle that is the rectangle without the corner columns
    /// (or rows, whichever leaves more); for an ellipse, its inscribed square-ish box.
    static func opaqueInterior(of geometry: ShapeGeometry, fill: Paint?) -> Rect? {
        guard case .solid(let color)? = fill, color.alpha >= 1 else { return nil }
        switch geometry {
        case .rect(let frame, let cornerRadius):
            let radius = min(max(0, cornerRadius), frame.width / 2, frame.height / 2)
            let tall = Rect(x: frame.x + radius, y: frame.y, width: frame.width - 2 * radius, height: frame.height)
            let wide = Rect(x: frame.x, y: frame.y + radius, width: frame.width, height: frame.height - 2 * radius)
            return tall.width * tall.height >= wide.width * wide.height ? tall : wide
        case .ellipse(let frame):
            let inset = (1 - 0.5.squareRoot()) / 2
            return Rect(x: frame.x + frame.width * inset, y: frame.y + frame.height * inset,
                        width: frame.width * (1 - 2 * inset), height: frame.height * (1 - 2 * inset))
        case .line:
            return nil
        }
    }

    /// The device pixels lying wholly inside `rect` (user space), one more pixel in
    /// from each side so anti-aliased edges are never skipped; nil when the
    /// transform rotates or nothing is left.
    static func wholePixels(inside rect: Rect, matrix: cairo_matrix_t) -> Rect? {
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return nil }
        let minX = (rect.minX * matrix.xx + matrix.x0).rounded(.up) + 1
        let minY = (rect.minY * matrix.yy + matrix.y0).rounded(.up) + 1
        let maxX = (rect.maxX * matrix.xx + matrix.x0).rounded(.down) - 1
        let maxY = (rect.maxY * matrix.yy + matrix.y0).rounded(.down) - 1
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
