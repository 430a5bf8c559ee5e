import PosterGraphics

/// `image`: a PNG or SVG from the theme folder, fitted, clipped and faded.
public struct ImageElement: PosterElement {
    public static let typeName = "image"
    public static let propertyNames = ["src", "fit", "radius", "circle", "opacity"]

    let source: Template
    let fit: ImageFit
    let radius: Double
    let circle: Bool
    let opacity: NumberValue

    public init(from reader: ElementReader) {
        source = reader.asset("src") ?? Template(literal: "")
        fit = reader.choice("fit", default: .contain)
        radius = reader.number("radius", default: 0, range: 0...1000)
        circle = reader.bool("circle", default: false)
        opacity = reader.numberValue("opacity", default: 1, range: 0...1)
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        let asset = try context.asset(source)
        let natural = asset.intrinsicSize
        let height = slot.height ?? (natural.width > 0 ? slot.width * natural.height / natural.width : slot.width)
        let frame = Rect(x: slot.origin.x, y: slot.origin.y, width: slot.width, height: height)
        return ElementLayout(
            size: Size(width: slot.width, height: height),
            items: [.image(asset, frame: frame, fit: fit, cornerRadius: radius, circle: circle,
                           opacity: opacity.value(context.values))])
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
    let opacity: NumberValue

    public init(from reader: ElementReader) {
        kind = reader.choice("shape", default: .rect)
        fill = reader.paint("fill")
        stroke = reader.stroke("stroke")
        radius = reader.number("radius", default: 0, range: 0...1000)
        shadow = reader.shadow("shadow")
        opacity = reader.numberValue("opacity", default: 1, range: 0...1)
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
        let opacity = opacity.value(context.values)
        if opacity < 1 { item = .group([item], opacity: opacity, clip: nil) }
        return ElementLayout(size: Size(width: slot.width, height: height), items: [item])
    }
}
