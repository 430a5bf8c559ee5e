import PosterWords
import CCairo
import CPangoCairo
import CPangoFT2
import CRsvg

/// The versions of the C libraries that decide what a poster's pixels look like,
/// as loaded at run time (not as compiled against), for golden-image environment stamps.
package enum LibraryVersions {
    /// Cairo, which rasterises everything.
    package static var cairo: String { String(cString: cairo_version_string()) }
    /// Pango, which lays out text.
    package static var pango: String { String(cString: pango_version_string()) }
    /// HarfBuzz, which shapes glyphs.
    package static var harfbuzz: String { String(cString: hb_version_string()) }

    /// FreeType, which rasterises glyph outlines and decides hinting.
    package static var freetype: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// Fontconfig, which matches font patterns to the pinned files.
    package static var fontconfig: String {
        let version = Int(FcGetVersion()) // major * 10000 + minor * 100 + revision
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }

    /// librsvg, which draws SVG assets.
    package static var librsvg: String {
        "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)"
    }

    /// ICU, whose Chinese dictionary decides where word-aware breaking breaks lines.
    package static var icu: String { WordSegmenter.icuVersion }

    /// Every library by name, in a fixed order.
    package static var all: [(name: String, version: String)] {
        [("cairo", cairo), ("pango", pango), ("harfbuzz", harfbuzz),
         ("freetype", freetype), ("fontconfig", fontconfig), ("librsvg", librsvg), ("icu", icu)]
    }
}
