import PosterDisplay
import CCairo
import CPangoFT2

/// Cairo scaled fonts for the font keys of glyph runs, made on first use.
///
/// One per canvas, so per thread: Cairo scaled fonts are thread-safe, but the
/// dictionary is not. Each font is made the way Pango makes its own: a FreeType
/// face from a fontconfig pattern holding the key's file, face and rendering flags,
/// scaled by the key's matrix with the shaper's font options, so a run draws the
/// very glyphs Pango measured.
final class ScaledFontCache {
    /// Fonts kept before the cache starts over; a poster uses a handful.
    static let limit = 256

    private var fonts: [FontKey: OpaquePointer] = [:]
    private let options: OpaquePointer?

    init() {
        options = TextShaper.makeFontOptions()
    }

    deinit {
        for font in fonts.values { cairo_scaled_font_destroy(font) }
        cairo_font_options_destroy(options)
    }

    /// The scaled font for `key`; fails when Cairo cannot open the face.
    func font(for key: FontKey) throws(GraphicsError) -> OpaquePointer {
        if let font = fonts[key] { return font }
        if fonts.count >= Self.limit {
            for font in fonts.values { cairo_scaled_font_destroy(font) }
            fonts.removeAll(keepingCapacity: true)
        }
        guard let pattern = FcPatternCreate() else { throw GraphicsError(.fontSetup, "FcPatternCreate failed") }
        defer { FcPatternDestroy(pattern) }
        func add(_ name: String, _ value: String) {
            _ = value.withCString { FcPatternAddString(pattern, name, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        }
        add(FC_FILE, key.file)
        FcPatternAddInteger(pattern, FC_INDEX, Int32(clamping: key.faceIndex))
        let flags = key.rendering
        func add(_ name: String, _ value: Bool?) { if let value { FcPatternAddBool(pattern, name, value ? 1 : 0) } }
        func add(_ name: String, _ value: Int?) { if let value { FcPatternAddInteger(pattern, name, Int32(clamping: value)) } }
        add(FC_ANTIALIAS, flags.antialias)
        add(FC_HINTING, flags.hinting)
        add(FC_HINT_STYLE, flags.hintStyle)
        add(FC_AUTOHINT, flags.autohint)
        add(FC_RGBA, flags.subpixelOrder)
        add(FC_LCD_FILTER, flags.lcdFilter)
        add(FC_EMBEDDED_BITMAP, flags.embeddedBitmap)
        add(FC_VERTICAL_LAYOUT, flags.verticalLayout)
        add(FC_EMBOLDEN, flags.embolden)
        if let variations = flags.variations { add(FC_FONT_VARIATIONS, variations) }
        guard let face = cairo_ft_font_face_create_for_pattern(pattern) else {
            throw GraphicsError(.fontSetup, "cairo could not open \(key.file) (face \(key.faceIndex))")
        }
        defer { cairo_font_face_destroy(face) }
        var matrix = cairo_matrix_t(xx: key.matrix.xx, yx: key.matrix.yx, xy: key.matrix.xy, yy: key.matrix.yy, x0: 0, y0: 0)
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        guard let font = cairo_scaled_font_create(face, &matrix, &identity, options) else {
            throw GraphicsError(.fontSetup, "cairo_scaled_font_create returned nothing for \(key.file)")
        }
        guard cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(cairo_scaled_font_status(font)))
            cairo_scaled_font_destroy(font)
            throw GraphicsError(.fontSetup, "cairo could not scale \(key.file) (face \(key.faceIndex)): \(reason)")
        }
        fonts[key] = font
        return font
    }
}
