import PosterDisplay
import CCairo

/// Draws colour-bitmap emoji runs at the size of the surrounding text.
///
/// Each emoji glyph is rasterised once at its strike size, scaled once to each
/// device size it is drawn at, and painted at the position layout gave it, snapped
/// to whole device pixels. One per canvas: the caches are not thread-safe.
final class EmojiBitmaps {
    /// Noto Color Emoji's only bitmap strike, in pixels per em.
    static let strikeSize = 109.0
    /// Scaled glyph images kept per canvas before the cache starts over.
    static let scaledCacheLimit = 512
    /// Strike-size glyph images kept per canvas before the cache starts over.
    static let strikeCacheLimit = 2048

    private struct Key: Hashable {
        let file: String
        let faceIndex: Int
        let glyph: UInt32
    }

    private struct Bitmap {
        let surface: ImageSurface
        let originX: Double
        let originY: Double
    }

    private struct ScaledKey: Hashable {
        let glyph: Key
        let scale: Double
    }

    private var cache: [Key: Bitmap] = [:]
    private var scaledCache: [ScaledKey: Bitmap] = [:]

    /// Paints the glyphs of one run whose baseline starts at (x, y) in user space,
    /// with `font` the scaled font of the run's key.
    ///
    /// Each glyph is scaled once per device size into a cached image and painted
    /// at whole device pixels: scaling a bitmap on every render cost more than
    /// the rest of a poster's text, and a snapped bitmap stays as crisp as the
    /// strike allows wherever layout puts it.
    func draw(_ run: GlyphRun, font: OpaquePointer, cr: OpaquePointer, x: Double, y: Double) {
        guard let face = cairo_scaled_font_get_font_face(font) else { return }
        // The key's matrix is the strike size times the fixup matrix from
        // FontLibrary.rules, which is the size the text asked for.
        var userToDevice = cairo_matrix_t()
        cairo_get_matrix(cr, &userToDevice)
        let deviceScale = run.font.matrix.yy / Self.strikeSize * userToDevice.yy
        guard userToDevice.xy == 0, userToDevice.yx == 0, userToDevice.xx == userToDevice.yy, deviceScale > 0 else {
            drawTransformed(run, face: face, cr: cr, x: x, y: y)
            return
        }
        for glyph in run.glyphs {
            let key = Key(file: run.font.file, faceIndex: run.font.faceIndex, glyph: glyph.id)
            guard let image = scaledBitmap(face: face, key: key, scale: deviceScale) else { continue }
            var deviceX = x + glyph.x
            var deviceY = y + glyph.y
            cairo_user_to_device(cr, &deviceX, &deviceY)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, image.surface.handle,
                                     deviceX.rounded() + image.originX, deviceY.rounded() + image.originY)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// Paints the glyphs through the current transformation (a rotated element):
    /// each strike bitmap scaled to the run's size in user space and filtered, as no
    /// whole-pixel snapping survives a rotation.
    private func drawTransformed(_ run: GlyphRun, face: OpaquePointer, cr: OpaquePointer, x: Double, y: Double) {
        let scale = run.font.matrix.yy / Self.strikeSize
        guard scale > 0 else { return }
        for glyph in run.glyphs {
            let key = Key(file: run.font.file, faceIndex: run.font.faceIndex, glyph: glyph.id)
            guard let strike = bitmap(face: face, key: key) else { continue }
            cairo_save(cr)
            cairo_translate(cr, x + glyph.x, y + glyph.y)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, strike.surface.handle, strike.originX, strike.originY)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// The glyph scaled to `scale` device pixels per strike pixel, its origin at (0, 0).
    private func scaledBitmap(face: OpaquePointer, key glyphKey: Key, scale: Double) -> Bitmap? {
        let key = ScaledKey(glyph: glyphKey, scale: scale)
        if let cached = scaledCache[key] { return cached }
        guard let strike = bitmap(face: face, key: glyphKey) else { return nil }
        // Nicknames can bring any emoji at any fitted size; keep the cache bounded.
        if scaledCache.count >= Self.scaledCacheLimit { scaledCache.removeAll(keepingCapacity: true) }
        let left = (strike.originX * scale).rounded(.down)
        let top = (strike.originY * scale).rounded(.down)
        let width = Int((Double(strike.surface.width) * scale + strike.originX * scale - left).rounded(.up)) + 1
        let height = Int((Double(strike.surface.height) * scale + strike.originY * scale - top).rounded(.up)) + 1
        guard let surface = try? ImageSurface(width: width, height: height),
              let context = try? CairoContext(surface: surface)
        else { return nil }
        let cr = context.handle
        cairo_translate(cr, -left, -top)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, strike.surface.handle, strike.originX, strike.originY)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        guard (try? context.check("scaling an emoji bitmap")) != nil else { return nil }
        let image = Bitmap(surface: surface, originX: left, originY: top)
        scaledCache[key] = image
        return image
    }

    /// The glyph rasterised at the strike size, positioned relative to its origin.
    private func bitmap(face: OpaquePointer, key: Key) -> Bitmap? {
        if let cached = cache[key] { return cached }
        if cache.count >= Self.strikeCacheLimit { cache.removeAll(keepingCapacity: true) }
        guard let probe = try? ImageSurface(width: 1, height: 1), let probeContext = try? CairoContext(surface: probe)
        else { return nil }
        cairo_set_font_face(probeContext.handle, face)
        cairo_set_font_size(probeContext.handle, Self.strikeSize)
        var cairoGlyph = cairo_glyph_t(index: UInt(key.glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_glyph_extents(probeContext.handle, &cairoGlyph, 1, &extents)
        let left = extents.x_bearing.rounded(.down)
        let top = extents.y_bearing.rounded(.down)
        let width = Int((extents.x_bearing + extents.width - left).rounded(.up)) + 1
        let height = Int((extents.y_bearing + extents.height - top).rounded(.up)) + 1
        guard width > 1, height > 1, let surface = try? ImageSurface(width: width, height: height),
              let context = try? CairoContext(surface: surface)
        else { return nil }
        cairo_set_font_face(context.handle, face)
        cairo_set_font_size(context.handle, Self.strikeSize)
        cairoGlyph.x = -left
        cairoGlyph.y = -top
        cairo_show_glyphs(context.handle, &cairoGlyph, 1)
        guard (try? context.check("cairo_show_glyphs (emoji)")) != nil else { return nil }
        let bitmap = Bitmap(surface: surface, originX: left, originY: top)
        cache[key] = bitmap
        return bitmap
    }
}
