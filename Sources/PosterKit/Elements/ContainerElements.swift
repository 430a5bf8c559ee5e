import PosterGraphics

/// `stack`: lays its children out top to bottom, so longer copy pushes what follows down.
public struct StackElement: PosterElement {
    public static let typeName = "stack"
    public static let propertyNames = ["children", "spacing"]

    let children: [ElementNode]
    let spacing: Double

    public init(from reader: ElementReader) {
        spacing = reader.number("spacing", default: 0, range: 0...1000)
        children = reader.children("children")
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        var y = slot.origin.y
        var items: [DisplayItem] = []
        var placed = 0
        for child in children {
            let flowY = placed == 0 ? y : y + spacing
            guard let layout = try context.layout(child, parentOrigin: slot.origin, parentWidth: slot.width, flowY: flowY),
                  layout.size.height > 0 || !layout.items.isEmpty
            else { continue }
            items += layout.items
            y = flowY + child.frame(for: context.values).y + layout.size.height
            placed += 1
        }
        let used = y - slot.origin.y
        if let height = slot.height, used > height + 0.5 {
            context.note(.overflowed, detail: "content is \(Int(used.rounded())) pt tall in a \(Int(height)) pt stack")
        }
        return ElementLayout(size: Size(width: slot.width, height: slot.height ?? used), items: items)
    }
}

/// `group`: positions children relative to itself and applies clip, opacity and tint to them together.
public struct GroupElement: PosterElement {
    public static let typeName = "group"
    public static let propertyNames = ["children", "clip", "radius", "opacity", "tint"]

    let children: [ElementNode]
    let clip: Bool
    let radius: Double
    let opacity: NumberValue
    let tint: ColorValue?

    public init(from reader: ElementReader) {
        clip = reader.bool("clip", default: false)
        radius = reader.number("radius", default: 0, range: 0...1000)
        opacity = reader.numberValue("opacity", default: 1, range: 0...1)
        tint = reader.color("tint", default: nil)
        children = reader.children("children")
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        var items: [DisplayItem] = []
        var bottom = slot.origin.y
        for child in children {
            guard let layout = try context.layout(child, parentOrigin: slot.origin, parentWidth: slot.width) else { continue }
            items += layout.items
            bottom = max(bottom, slot.origin.y + child.frame(for: context.values).y + layout.size.height)
        }
        let height = slot.height ?? (bottom - slot.origin.y)
        let frame = Rect(x: slot.origin.x, y: slot.origin.y, width: slot.width, height: height)
        let clipShape: ShapeGeometry? = clip ? .rect(frame, cornerRadius: radius) : nil
        let item = DisplayItem.group(items, opacity: opacity.value(context.values), clip: clipShape, tint: tint.map(context.color))
        return ElementLayout(size: Size(width: slot.width, height: height), items: [item])
    }
}
