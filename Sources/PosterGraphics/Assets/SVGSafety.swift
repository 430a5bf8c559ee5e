/// Checks an SVG document before librsvg sees it, so that a theme's SVG asset
/// can neither read nor fetch anything outside itself and cannot make parsing
/// or drawing explode in time or memory.
///
/// The check runs on the document librsvg 2.54 will parse, read the way it
/// reads it: gzip is undone first (librsvg decompresses by the magic bytes, so
/// the decompressed bytes are what it is then given), and the bytes are parsed
/// by libxml2 itself, with the options librsvg uses minus anything that loads
/// (`SVGTree`). Byte-order marks and `encoding=` declarations are therefore
/// honoured exactly as librsvg honours them, and every rule sees decoded
/// UTF-8 text. The rules (see docs/limits.md) look at every attribute in any
/// namespace and any letter case, so librsvg's precedence between `href` and
/// `xlink:href`, or between `order` and `x:order`, cannot matter:
///
/// - every `href` is a same-document `#id` reference;
/// - every CSS `url(…)`, in attributes, `style` or `<style>`, is `#id` too;
///   no `@import`, no CSS escapes, no `<?xml-stylesheet?>`;
/// - no XInclude, no entity or other DTD declarations, no external DTD other
///   than the W3C SVG ones (which are never loaded);
/// - at most `maximumElements` elements, nested at most `maximumDepth` deep,
///   expanding through `href` references and markers to at most `maximumInstances`;
/// - at most `maximumTextBytes` of character data (text is shaped at draw time);
/// - at most `maximumOffscreenInstances` elements drawn through an offscreen
///   surface (filter, mask, opacity below 1, blend mode); a `<style>` sheet may
///   not set any of these nor markers (which elements it selects is not
///   checked), none inside `<marker>`, `<pattern>`, `<mask>`, `<clipPath>` or
///   `<filter>` (drawn once per use), marker content counted once per vertex,
///   no `<feMorphology>`, bounded `<feTurbulence>` octaves and
///   `<feConvolveMatrix>` kernels.
///
/// `inspect` also returns what the checked document's content costs to draw
/// (`SVGContentCost`), which PosterKit's render-cost budget weighs per raster pixel.
package enum SVGSafety {
    /// The most elements an SVG asset may contain.
    package static let maximumElements = 20_000
    /// The deepest element nesting.
    package static let maximumDepth = 128
    /// The most elements an SVG may draw once every `<use>` is expanded.
    package static let maximumInstances = 100_000
    /// The most bytes of character data (text content outside `<style>`).
    package static let maximumTextBytes = 65_536
    /// The most bytes of text in one `<text>` element, its `<tspan>`s included
    /// (librsvg's layout of one text chunk grows with the square of its length).
    package static let maximumTextElementBytes = 2_048
    /// The most elements drawn through an offscreen surface (filter, mask,
    /// opacity below 1, blend mode) once every `<use>` is expanded: each is a pass over the whole drawing.
    package static let maximumOffscreenInstances = 64
    /// The largest `numOctaves` of `<feTurbulence>` (its cost grows with each octave).
    package static let maximumTurbulenceOctaves = 10
    /// The largest `order` of `<feConvolveMatrix>` (librsvg 2.54 aborts the process on large kernels).
    package static let maximumConvolveOrder = 5
    /// The largest document after gzip decompression, in bytes (the asset file limit).
    package static let maximumDecompressedBytes = ImageAsset.Limits.maximumBytes

    /// Why a document was refused.
    package struct Rejection: Error, Sendable, Hashable, CustomStringConvertible {
        /// Whether the document is not well-formed XML or is well-formed but unsafe.
        package enum Kind: Sendable, Hashable {
            /// libxml2 (or gzip) could not read it: librsvg would fail on it too.
            case malformed
            /// It parses, but breaks one of the rules.
            case unsafe
        }

        /// Which of the two.
        package let kind: Kind
        /// One line saying what was found.
        package let reason: String
        /// The reason.
        package var description: String { reason }

        init(_ kind: Kind = .unsafe, _ reason: String) {
            self.kind = kind
            self.reason = reason
        }
    }

    /// Checks `data` and returns the document librsvg must be given: `data`
    /// itself, or its gzip decompression (so librsvg never decompresses what
    /// was not checked). Throws a `Rejection` naming the first unsafe construct.
    @discardableResult
    package static func check(_ data: [UInt8]) throws(Rejection) -> [UInt8] {
        try inspect(data).document
    }

    /// `check`, also returning what the document's content costs to draw (for the render-cost
    /// budget) and the font families its text asks for (`requestedFontFamilies`).
    package static func inspect(_ data: [UInt8]) throws(Rejection) -> (document: [UInt8], cost: SVGContentCost, fontFamilies: [[String]]) {
        let document = try decompressed(data)
        let tree: SVGTree
        do {
            tree = try SVGTree.parse(document, elementLimit: maximumElements + 1)
        } catch {
            throw Rejection(.malformed, "XML parse error: \(error.reason)")
        }
        try checkDeclarations(tree)
        try checkSize(tree)
        for element in tree.elements {
            try checkReferences(element)
            try checkFilterPrimitive(element)
        }
        for sheet in tree.styleSheets {
            try checkStyleSheet(sheet.css)
        }
        let cost = try checkInstances(tree)
        return (document, cost, requestedFontFamilies(tree))
    }

    static func fail(_ reason: String) -> Rejection { Rejection(.unsafe, reason) }
}
