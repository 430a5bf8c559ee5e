import PosterDisplay
import CCairo
import CPangoCairo
import CPangoFT2
import Foundation
import PosterWords

/// Shapes text with Pango against the pinned fonts. One per thread: Pango
/// contexts and font maps are not thread-safe.
package final class TextShaper {
    let library: FontLibrary
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    let emoji: EmojiRenderer
    /// Per-thread answers about the pinned fonts (which have `halt`).
    let fontFacts = FontFacts()
    /// Each family's Pango family list (it, then the fallbacks), made once.
    private var familyLists: [String: String] = [:]
    /// Texts already laid out (see `LayoutCache`), handed back by `layOut`.
    package var layoutCache: LayoutCache
    /// ICU's word boundaries for word-aware breaking, opened on first need.
    private lazy var wordSegmenter = WordSegmenter()
    /// Word boundaries to use instead of ICU's (the benchmark measures other
    /// segmenters with it): for each character, whether a word starts there.
    package var wordStartsOverride: (([Character]) -> [Bool])?

    /// For each of `characters`, whether a word starts there.
    func wordStarts(_ characters: [Character]) -> [Bool] {
        if let wordStartsOverride { return wordStartsOverride(characters) }
        return wordSegmenter.boundaries(characters)
    }

    /// The most characters a text may have; longer input is cut before shaping
    /// so that hostile input costs bounded time.
    package static let maximumCharacters = 2000
    /// The most Unicode scalars a text may have after cutting.
    package static let maximumScalars = 8000
    /// The most Unicode scalars kept in one character (base plus combining marks,
    /// or an emoji sequence); real text needs about ten.
    package static let maximumScalarsPerCharacter = 32

    /// The most family lists a shaper keeps (a theme names a few families).
    static let familyListLimit = 64

    /// Creates a shaper with fixed font options, so output never depends on the host.
    /// `layoutCapacity` bounds the layout cache (0 lays every text out afresh).
    package init(library: FontLibrary, layoutCapacity: Int = LayoutCache.defaultCapacity) throws(GraphicsError) {
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw GraphicsError(.fontSetup, "pango_cairo_font_map_new_for_font_type(FT) failed")
        }
        let fcMap = OpaquePointer(map)
        pango_fc_font_map_set_config(fcMap, library.config)
        pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
        guard let context = pango_font_map_create_context(map) else {
            g_object_unref(map)
            throw GraphicsError(.fontSetup, "pango_font_map_create_context failed")
        }
        let options = Self.makeFontOptions()
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string("zh-cn"))
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
        self.library = library
        self.layoutCache = LayoutCache(capacity: layoutCapacity)
        self.fontMap = map
        self.context = context
        self.emoji = EmojiRenderer(colorFamilies: library.colorBitmapFamilies)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Whether a family is one of the pinned ones.
    package func hasFamily(_ family: String) -> Bool { library.families.contains(family) }

    /// A Pango layout of `text` at exactly `size`, wrapped at `width` points (nil:
    /// no wrapping) with Pango's own line breaking; `attributes` adds the
    /// typesetter's per-range attributes (features, letter spacing) after the
    /// style's own. Justification is never Pango's: the typesetter does it.
    func pangoLayout(
        _ text: String, style: TextStyle, size: Double, width: Double?,
        attributes extra: (OpaquePointer) -> Void = { _ in }
    ) -> PangoLayoutBox {
        let layout = PangoLayoutBox(context: context)
        let font = pango_font_description_new()
        let families: String
        if let known = familyLists[style.family] {
            families = known
        } else {
            families = ([style.family] + PinnedFont.fallbackFamilies).joined(separator: ",")
            if familyLists.count < Self.familyListLimit { familyLists[style.family] = families }
        }
        pango_font_description_set_family(font, families)
        pango_font_description_set_weight(font, PangoWeight(rawValue: UInt32(clamping: style.weight)))
        pango_font_description_set_style(font, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout.handle, font)
        pango_font_description_free(font)
        if let width {
            pango_layout_set_width(layout.handle, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded(.down))))
            pango_layout_set_wrap(layout.handle, PANGO_WRAP_WORD_CHAR)
        }
        switch style.alignment {
        case .left, .justify: pango_layout_set_alignment(layout.handle, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout.handle, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout.handle, PANGO_ALIGN_RIGHT)
        }
        if style.lineHeight != 1 { pango_layout_set_line_spacing(layout.handle, Float(style.lineHeight)) }
        let attributes = pango_attr_list_new()
        // A poster never hyphenates: a code like PRED must not become "PR-ED".
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        if style.letterSpacing != 0 {
            let spacing = pango_attr_letter_spacing_new(Int32((style.letterSpacing * Double(PANGO_SCALE)).rounded()))
            pango_attr_list_insert(attributes, spacing)
        }
        if !style.features.isEmpty {
            // Whole-text features (tabular figures); HarfBuzz adds the typesetter's `halt` ranges to them.
            pango_attr_list_insert(attributes, pango_attr_font_features_new(style.features.joined(separator: ",")))
        }
        if let attributes { extra(attributes) }
        pango_layout_set_attributes(layout.handle, attributes)
        pango_attr_list_unref(attributes)
        // Always literal text, never markup: user nicknames are drawn exactly as typed.
        pango_layout_set_text(layout.handle, text, -1)
        layout.text = text
        return layout
    }
}

/// A Pango layout owned by Swift.
final class PangoLayoutBox {
    let handle: OpaquePointer
    /// The text Pango laid out: the typeset lines joined by newlines.
    var text = ""
    /// The text before line breaking (what fitting kept, ellipsis included).
    var content = ""
    /// For each line, how many characters of `content` end on or before it.
    var lineContentEnds: [Int] = []

    init(context: OpaquePointer) {
        handle = pango_layout_new(context)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The number of lines after wrapping.
    var lineCount: Int { Int(pango_layout_get_line_count(handle)) }

    /// The logical size in points.
    var size: Size {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(handle, &ink, &logical)
        return Size(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
    }

    /// The widest line in points, which may exceed the wrap width when one glyph cannot be broken.
    var widestLine: Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(handle, nil, &logical)
        return Double(logical.x + logical.width) / Double(PANGO_SCALE)
    }

    /// The UTF-8 byte offset just past line `index`.
    func endOfLine(_ index: Int) -> Int {
        guard let line = pango_layout_get_line_readonly(handle, Int32(index)) else { return 0 }
        return Int(line.pointee.start_index + line.pointee.length)
    }
}
