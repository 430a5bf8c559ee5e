import PosterGraphics

/// `image`: a PNG or SVG from the theme folder, fitted, clipped and faded.
public struct ImageElement: PosterElement {
    public static let typeName = "image"
    public static let propertyNames = ["src", "fit", "radius", "circle", "opacity"]

    let source: Template
    let fit: ImageFit
    let radius: Double
    let circle: Bool
    let opacity: Double

    public init(from reader: ElementReader) {
        source = reader.asset("src") ?? Template(literal: "")
        fit = reader.choice("fit", default: .contain)
        radius = reader.number("radius", default: 0, range: 0...1000)
        circle = reader.bool("circle", default: false)
        opacity = reader.number("opacity", default: 1, range: 0...1)
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        let asset = try context.asset(source)
        let natural = asset.intrinsicSize
        let height = slot.height ?? (natural.width > 0 ? slot.width * natural.height / natural.width : slot.width)
        let frame = Rect(x: slot.origin.x, y: slot.origin.y, width: slot.width, height: height)
        return ElementLayout(
            size: Size(width: slot.width, height: height),
            items: [.image(asset, frame: frame, fit: fit, cornerRadius: radius, circle: circle, opacity: opacity)])
    }
}

/// `shape`: a rectangle, rounded rectangle, ellipse, circle or line with fill, stroke and shadow.
public struct ShapeElement: PosterElement {
    public static let typeName = "shape"
    public static let propertyNames = ["shape", "fill", "stroke", "radius", "shadow", "opacity"]

    enum Kind: String, CaseIterable { case rect, ellipse, circle, line }

    let kind: Kind
    let fill: PaintValue?
    let stroke: StrokeValue?
    let radius: Double
    let shadow: ShadowValue?
    let opacity: Double

    public init(from reader: ElementReader) {
        kind = reader.choice("shape", default: .rect)
        fill = reader.paint("fill")
        stroke = reader.stroke("stroke")
        radius = reader.number("radius", default: 0, range: 0...1000)
        shadow = reader.shadow("shadow")
        opacity = reader.number("opacity", default: 1, range: 0...1)
        if kind == .line, fill != nil { reader.report("a line has no inside to fill; use stroke", for: "fill") }
        // Only when neither is written: an invalid one is already reported where it is.
        if fill == nil, stroke == nil, !reader.object.contains("fill"), !reader.object.contains("stroke") {
            reader.report("a shape needs a fill, a stroke or both")
        }
        if kind == .rect || kind == .ellipse, !reader.object.hasValue("height") {
            reader.report("a \(kind.rawValue) needs a height (a line or circle does not)")
        }
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        let height = slot.height ?? (kind == .circle ? slot.width : 0)
        let box = Rect(x: slot.origin.x, y: slot.origin.y, width: slot.width, height: height)
        let geometry: ShapeGeometry
        switch kind {
        case .rect: geometry = .rect(box, cornerRadius: radius)
        case .ellipse: geometry = .ellipse(box)
        case .circle:
            let side = min(box.width, box.height)
            geometry = .ellipse(Rect(x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2, width: side, height: side))
        case .line: geometry = .line(from: Point(x: box.minX, y: box.minY), to: Point(x: box.maxX, y: box.maxY))
        }
        var item = DisplayItem.shape(
            geometry, fill: fill?.resolve(context.values, in: box), stroke: stroke?.resolve(context.values),
            shadow: shadow?.resolve(context.values))
        if opacity < 1 { item = .group([item], opacity: opacity, clip: nil) }
        return ElementLayout(size: Size(width: slot.width, height: height), items: [item])
    }
}

extension QRElement {
    /// Why `text` cannot be encoded, if it cannot: a NUL, or more bytes than a code holds.
    static func problem(with text: String, fromUser: Bool) -> String? {
        if text.contains("\0") { return "QR data contains a NUL character (\\u0000), which a QR code here cannot carry" }
        let bytes = text.utf8.count
        guard bytes > QRMatrix.maximumBytes else { return nil }
        return "QR data \(fromUser ? "for this result " : "")is \(bytes) bytes; a QR code holds at most \(QRMatrix.maximumBytes)"
    }
}

/// `qr`: a QR code of a bound string (this poster's link by default), modules on whole pixels.
public struct QRElement: PosterElement {
    public static let typeName = "qr"
    public static let propertyNames = ["data", "correction", "color", "background", "quietZone"]

    let data: Template
    let correction: QRMatrix.Correction
    let color: ColorValue
    let background: ColorValue?
    let quietZone: Int

    public init(from reader: ElementReader) {
        data = reader.text("data", default: "{link}") ?? Template(parts: [.placeholder("link")])
        // Placeholders vary per result (the link's nickname is bounded), but fixed text alone must fit.
        var fixedBytes = 0
        for case .literal(let text) in data.parts { fixedBytes += text.utf8.count }
        if fixedBytes > QRMatrix.maximumBytes {
            reader.report("QR data has \(fixedBytes) bytes of fixed text; a QR code holds at most \(QRMatrix.maximumBytes)", for: "data")
        } else if data.parts.contains(where: { if case .literal(let text) = $0 { text.contains("\0") } else { false } }) {
            reader.report("QR data contains a NUL character (\\u0000), which a QR code here cannot carry", for: "data")
        }
        correction = reader.choice("correction", default: .medium)
        color = reader.color("color", default: .black) ?? .literal(.black)
        background = reader.color("background", default: .white)
        quietZone = reader.int("quietZone", default: 2, range: 0...8)
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        // The theme's own text was checked at load for every variant; a NUL can then
        // only come from the user's fields, and is left out (libqrencode reads C strings).
        let text = data.render(context.values).replacingOccurrences(of: "\0", with: "")
        guard !text.isEmpty else { return .empty }
        if let problem = Self.problem(with: text, fromUser: true) {
            throw RenderError(.graphics, "\(context.theme.file.path): \(context.currentLabel): \(problem)", causedByUserData: true)
        }
        let matrix: QRMatrix
        do {
            matrix = try QRMatrix(encoding: text, correction: correction)
        } catch {
            throw RenderError(.graphics, "\(context.theme.file.path): \(context.currentLabel): qr: \(error.message)", cause: error)
        }
        let side = min(slot.width, slot.height ?? slot.width)
        let frame = Rect(x: slot.origin.x, y: slot.origin.y, width: side, height: side)
        let item = DisplayItem.qr(matrix, frame: frame, foreground: context.color(color),
                                  background: background.map(context.color), quietZone: quietZone)
        return ElementLayout(size: Size(width: slot.width, height: slot.height ?? side), items: [item])
    }
}
