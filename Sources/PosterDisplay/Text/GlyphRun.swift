/// A font face at one size, as layout chose it: which file, which face in it,
/// the font matrix, and the rendering flags fontconfig matched.
///
/// A plain value, so a display list can be compared, printed and drawn on any
/// thread; the canvas turns each key into a cached Cairo scaled font.
public struct FontKey: Sendable, Hashable, Codable {
    /// The absolute path of the pinned font file.
    public var file: String
    /// The face inside the file (a `.ttc` collection holds several).
    public var faceIndex: Int
    /// The font matrix in points: the size on the diagonal, a synthetic slant in `xy`.
    public var matrix: FontMatrix
    /// The rendering flags of the matched font, as fontconfig reported them.
    public var rendering: FontRendering

    /// Creates a key.
    public init(file: String, faceIndex: Int, matrix: FontMatrix, rendering: FontRendering) {
        self.file = file
        self.faceIndex = faceIndex
        self.matrix = matrix
        self.rendering = rendering
    }

    /// The em size in points (the matrix's vertical scale).
    public var size: Double { matrix.yy }
}

/// A 2x2 font matrix, as Cairo uses it: `x' = xx * x + xy * y`, `y' = yx * x + yy * y`.
public struct FontMatrix: Sendable, Hashable, Codable {
    /// Horizontal scale.
    public var xx: Double
    /// Vertical shear.
    public var yx: Double
    /// Horizontal shear (a synthetic italic's slant).
    public var xy: Double
    /// Vertical scale.
    public var yy: Double

    /// Creates a matrix.
    public init(xx: Double, yx: Double, xy: Double, yy: Double) {
        self.xx = xx
        self.yx = yx
        self.xy = xy
        self.yy = yy
    }

    /// A matrix of `size` points with no slant.
    public static func scale(_ size: Double) -> FontMatrix { FontMatrix(xx: size, yx: 0, xy: 0, yy: size) }
}

/// The fontconfig rendering flags of a matched font; nil where fontconfig set none.
///
/// Kept as matched, absent values included, because Cairo's defaults for an absent
/// flag differ from any explicit value (hinting defaults to on).
public struct FontRendering: Sendable, Hashable, Codable {
    /// `antialias`.
    public var antialias: Bool?
    /// `hinting`.
    public var hinting: Bool?
    /// `hintstyle` (0 none ... 3 full).
    public var hintStyle: Int?
    /// `autohint`.
    public var autohint: Bool?
    /// `rgba`: the subpixel order (5 means none).
    public var subpixelOrder: Int?
    /// `lcdfilter`.
    public var lcdFilter: Int?
    /// `embeddedbitmap`.
    public var embeddedBitmap: Bool?
    /// `verticallayout`.
    public var verticalLayout: Bool?
    /// `embolden`: synthetic bold.
    public var embolden: Bool?
    /// `fontvariations`, such as "wght=700".
    public var variations: String?

    /// Creates rendering flags; every flag defaults to absent.
    public init(
        antialias: Bool? = nil, hinting: Bool? = nil, hintStyle: Int? = nil, autohint: Bool? = nil,
        subpixelOrder: Int? = nil, lcdFilter: Int? = nil, embeddedBitmap: Bool? = nil, verticalLayout: Bool? = nil,
        embolden: Bool? = nil, variations: String? = nil
    ) {
        self.antialias = antialias
        self.hinting = hinting
        self.hintStyle = hintStyle
        self.autohint = autohint
        self.subpixelOrder = subpixelOrder
        self.lcdFilter = lcdFilter
        self.embeddedBitmap = embeddedBitmap
        self.verticalLayout = verticalLayout
        self.embolden = embolden
        self.variations = variations
    }
}

/// One glyph of a run: its id in the font and its position from the run's origin.
public struct Glyph: Sendable, Hashable, Codable {
    /// The glyph index in the font.
    public var id: UInt32
    /// Offset from the run's origin along the baseline, in points.
    public var x: Double
    /// Offset below the baseline, in points (usually 0).
    public var y: Double

    /// Creates a glyph.
    public init(id: UInt32, x: Double, y: Double = 0) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// A character no pinned font has: drawn as a box where its glyph would be.
public struct MissingGlyph: Sendable, Hashable, Codable {
    /// The Unicode scalar value that has no glyph.
    public var scalar: UInt32
    /// Offset from the run's origin along the baseline, in points.
    public var x: Double
    /// Offset below the baseline, in points.
    public var y: Double
    /// The advance layout gave it, in points: the box's width.
    public var advance: Double

    /// Creates a missing glyph.
    public init(scalar: UInt32, x: Double, y: Double, advance: Double) {
        self.scalar = scalar
        self.x = x
        self.y = y
        self.advance = advance
    }
}

/// Glyphs in one font, positioned from a shared origin on the baseline.
public struct GlyphRun: Sendable, Hashable, Codable {
    /// How a run's glyphs are drawn.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Outline glyphs, filled (and stroked) in the text's colour.
        case outline
        /// Colour bitmap glyphs (emoji), drawn in their own colours and snapped to device pixels.
        case colorBitmap
    }

    /// The font every glyph of the run is in.
    public var font: FontKey
    /// How the glyphs are drawn.
    public var kind: Kind
    /// The start of the run's baseline, relative to the text's top-left corner.
    public var origin: Point
    /// The glyphs, in drawing order.
    public var glyphs: [Glyph]
    /// Characters the font has no glyph for.
    public var missing: [MissingGlyph]

    /// Creates a run.
    public init(font: FontKey, kind: Kind, origin: Point, glyphs: [Glyph], missing: [MissingGlyph] = []) {
        self.font = font
        self.kind = kind
        self.origin = origin
        self.glyphs = glyphs
        self.missing = missing
    }
}
