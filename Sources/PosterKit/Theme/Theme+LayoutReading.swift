import PosterDisplay
import PosterGraphics

extension Theme {
    /// The most formats one theme may declare.
    static let maximumFormats = 16

    /// Reads the top-level `canvas` and `elements` (the `poster` layout) and every
    /// entry of `formats`, reporting problems; the default layout comes first.
    static func readLayouts(_ object: ObjectReader, context: ThemeReadContext) -> [ThemeLayout] {
        var layouts: [ThemeLayout] = []
        let formats = object.object("formats")
        let hasTopLevel = object.contains("elements") || object.contains("canvas")
        if hasTopLevel || formats == nil {
            if object.node(for: "elements") == nil {
                object.report(formats == nil
                    ? "a theme needs 'elements': the list of what to draw"
                    : "'canvas' without 'elements': the top-level layout (the 'poster' format) needs its elements")
            }
            // The top-level canvas keeps its old meaning: any size, 375 x 667 pt unless given.
            let poster = PosterFormat.standard(named: PosterFormat.defaultName)!
            if let layout = readLayout(named: poster.name, canvas: object.object("canvas"), owner: object,
                                       standard: poster, fixedSize: false, context: context) {
                layouts.append(layout)
            }
        }
        guard let formats else { return layouts }
        if formats.keys.isEmpty { formats.report("'formats' is empty; leave it out, or add a layout") }
        for name in formats.keys {
            guard let entry = formats.object(name) else { continue }
            if let problem = PosterFormat.problem(with: name) {
                formats.report("'\(String(name.unicodeScalars.prefix(40)))' cannot name a format: \(problem)", for: name)
                continue
            }
            if name == PosterFormat.defaultName, hasTopLevel {
                formats.report("the 'poster' format is already drawn by the top-level 'canvas' and 'elements'; move them here or drop this entry", for: name)
                continue
            }
            guard layouts.count < maximumFormats else {
                formats.report("more than \(maximumFormats) formats; split the theme", for: name)
                continue
            }
            if let layout = readFormat(name, entry, context: context) { layouts.append(layout) }
        }
        // The poster first when there is one: it is what every front end draws unless told otherwise.
        if let index = layouts.firstIndex(where: { $0.format.name == PosterFormat.defaultName }), index > 0 {
            layouts.insert(layouts.remove(at: index), at: 0)
        }
        return layouts
    }

    /// One entry of `formats`: `canvas` (its size fixed for a standard name), `safeArea`, `elements`.
    private static func readFormat(_ name: String, _ entry: ObjectReader, context: ThemeReadContext) -> ThemeLayout? {
        let standard = PosterFormat.standard(named: name)
        if entry.node(for: "elements") == nil {
            entry.report("the '\(name)' format needs 'elements': the list of what to draw")
        }
        let canvas = entry.object("canvas")
        if standard == nil, canvas.map({ !$0.contains("width") || !$0.contains("height") }) ?? true {
            entry.report("'\(name)' is not a standard format (\(PosterFormat.standard.map(\.name).joined(separator: ", "))), so its 'canvas' needs 'width' and 'height'", for: canvas == nil ? nil : "canvas")
        }
        return readLayout(named: name, canvas: canvas, owner: entry, standard: standard,
                          fixedSize: standard != nil, context: context)
    }

    /// Reads a canvas (size and background), an optional `safeArea` and the elements of `owner`.
    private static func readLayout(
        named name: String, canvas: ObjectReader?, owner: ObjectReader, standard: PosterFormat?, fixedSize: Bool,
        context: ThemeReadContext
    ) -> ThemeLayout? {
        let fallback = standard?.canvasSize ?? Size(width: 375, height: 667)
        var size = fallback
        var background = ColorValue.literal(.white)
        if let canvas {
            let side = 1...ThemeLimits.maximumCanvasSide
            size = Size(width: canvas.number("width", default: fallback.width, range: side),
                        height: canvas.number("height", default: fallback.height, range: side))
            if fixedSize, size != fallback, let standard {
                canvas.report(
                    "the standard '\(name)' format is \(Self.points(standard.canvasSize)) (\(Self.pixels(standard.canvasSize))); leave out 'width' and 'height', or give the layout a name of its own for another size",
                    for: canvas.contains("width") ? "width" : "height")
                size = fallback
            }
            let reader = ElementReader(object: canvas, context: context)
            background = reader.color("background", default: .white) ?? background
            canvas.finish()
        }
        var insets = standard?.safeInsets ?? .zero
        if let area = owner.object("safeArea") {
            insets = SafeInsets(
                top: area.number("top", default: insets.top, range: 0...size.height),
                bottom: area.number("bottom", default: insets.bottom, range: 0...size.height),
                left: area.number("left", default: insets.left, range: 0...size.width),
                right: area.number("right", default: insets.right, range: 0...size.width))
            area.finish()
        }
        let elements = context.elements("elements", in: owner)
        if owner.path != .root { owner.finish() }
        let format = PosterFormat(name: name, canvasSize: size, safeInsets: insets, use: standard?.use ?? "")
        if format.forbidsQRCodes, let qr = Self.firstQR(in: elements) {
            context.diagnostics.error(
                "the '\(name)' format draws no QR code: a story cannot be scanned or tapped, and its bottom fifth is under the app's buttons; put the call to action in words",
                path: qr.path, location: qr.location)
        }
        return ThemeLayout(format: format, background: background, elements: elements, path: owner.path)
    }

    static func points(_ size: Size) -> String { "\(Int(size.width)) x \(Int(size.height)) pt" }
    static func pixels(_ size: Size) -> String {
        "\(Int(size.width * PosterCanvas.scale)) x \(Int(size.height * PosterCanvas.scale)) px"
    }
}
