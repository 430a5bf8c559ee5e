import CCairo

extension TextShaper {
    /// The Cairo font options every text is shaped and drawn with, so output never
    /// depends on the host: grey anti-aliasing, no hinting, unhinted metrics.
    /// The shaper gives them to Pango and the canvas to the fonts it draws glyph runs
    /// with, so both see the same glyphs. The caller destroys the returned options.
    static func makeFontOptions() -> OpaquePointer? {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        return options
    }
}
