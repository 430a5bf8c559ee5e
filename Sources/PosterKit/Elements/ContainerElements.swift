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

    /// What a group clips its children to.
    enum Clip: String, CaseIterable {
        /// Nothing: children may draw outside the group's box.
        case none
        /// The group's box, with corners rounded by `radius`.
        case rect
        /// The ellipse inscribed in the group's box (a circle when it is square).
        case circle
    }

    let children: [ElementNode]
    let clip: Clip
    let radius: Double
    let opacity: NumberValue
    let tint: ColorValue?

    public init(from reader: ElementReader) {
        clip = Self.readClip(reader)
        radius = reader.number("radius", default: 0, range: 0...1000)
        opacity = reader.numberValue("opacity", default: 1, range: 0...1)
        tint = reader.color("tint", default: nil)
        children = reader.children("children")
    }

    /// `clip`: true (the rounded box), false, "rect" or "circle".
    private static func readClip(_ reader: ElementReader) -> Clip {
        guard let node = reader.object.node(for: "clip"), !node.isNull else { return .none }
        if node.boolValue != nil { return reader.bool("clip", default: false) ? .rect : .none }
        guard node.stringValue != nil else {
            reader.report("expected true, false, \"rect\" or \"circle\", found \(node.kindDescription)", for: "clip")
            return .none
        }
        return reader.choice("clip", default: Clip.none)
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
        let clipShape: ShapeGeometry?
        switch clip {
        case .none: clipShape = nil
        case .rect: clipShape = .rect(frame, cornerRadius: radius)
        case .circle: clipShape = .ellipse(frame)
        }
        let item = DisplayItem.group(items, opacity: opacity.value(context.values), clip: clipShape, tint: tint.map(context.color))
        return ElementLayout(size: Size(width: slot.width, height: height), items: [item])
    }
}
