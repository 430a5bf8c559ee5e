import PosterGraphics

/// `row`: lays its children out left to right, aligned top, centre, bottom or on a
/// shared baseline; `filler` children share the width the others leave.
///
/// A text without a `width` takes its natural width (one line, unwrapped); every
/// other child needs a `width`, except fillers and nested rows. When the children
/// do not fit, the texts without a width give up the excess, the first one first,
/// each down to one em of its size: there their own `minSize`, `maxLines` and
/// `overflow` decide (shrink, then cut). The row notes each text it narrowed, and
/// what still does not fit is an overflow.
public struct RowElement: PosterElement {
    public static let typeName = "row"
    public static let propertyNames = ["children", "spacing", "align"]

    /// Where children sit across the row's height.
    enum Alignment: String, CaseIterable {
        /// First text lines share a baseline; a child without text sits on it with its bottom edge.
        case baseline
        /// Top edges line up.
        case top
        /// Centres line up.
        case center
        /// Bottom edges line up.
        case bottom
    }

    let children: [ElementNode]
    let spacing: Double
    let alignment: Alignment

    public init(from reader: ElementReader) {
        spacing = reader.number("spacing", default: 0, range: 0...1000)
        alignment = reader.choice("align", default: .baseline)
        children = reader.children("children")
        for (index, child) in children.enumerated() where child.width == nil && !Self.sizesItself(child.element) {
            reader.report(
                "children[\(index)] ('\(child.typeName)') has no 'width'; in a row only text, filler and row size themselves across",
                for: "children")
        }
    }

    /// Whether a child without a width has a natural width in a row (or takes what is left).
    static func sizesItself(_ element: any PosterElement) -> Bool {
        element is any RowSizing || element is FillerElement
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        let plan = try widths(in: slot.width, context: context)
        guard !plan.isEmpty else { return ElementLayout(size: Size(width: slot.width, height: slot.height ?? 0), items: []) }
        // Lay each child out at its width to learn its height and baseline, then again where it goes.
        let measured = try context.measuring { () throws(RenderError) -> [(height: Double, baseline: Double)] in
            var sizes: [(height: Double, baseline: Double)] = []
            for (node, width) in plan {
                let top = slot.origin.y + node.y
                let layout = try context.layout(node, parentOrigin: slot.origin, parentWidth: width + node.x, flowY: slot.origin.y)
                let height = layout?.size.height ?? 0
                let baseline = layout.flatMap { Self.firstBaseline(in: $0.items) }.map { $0 - top } ?? height
                sizes.append((height, baseline))
            }
            return sizes
        }
        let tops = offsets(measured, height: slot.height)
        var items: [DisplayItem] = []
        var x = slot.origin.x
        var bottom = slot.origin.y
        for (index, (node, width)) in plan.enumerated() {
            if index > 0 { x += spacing }
            let flowY = slot.origin.y + tops[index]
            if let layout = try context.layout(node, parentOrigin: Point(x: x, y: slot.origin.y), parentWidth: width + node.x, flowY: flowY) {
                items += layout.items
                bottom = max(bottom, flowY + node.y + layout.size.height)
            }
            x += node.x + width
        }
        let height = slot.height ?? (bottom - slot.origin.y)
        if let fixed = slot.height, bottom - slot.origin.y > fixed + 0.5 {
            context.note(.overflowed, detail: "content is \(Int((bottom - slot.origin.y).rounded())) pt tall in a \(Int(fixed)) pt row")
        }
        return ElementLayout(size: Size(width: slot.width, height: height), items: items)
    }

    /// Each shown child with the width it gets, after fillers took the space left or
    /// texts gave up the excess.
    func widths(in available: Double, context: LayoutContext) throws(RenderError) -> [(ElementNode, Double)] {
        var plan: [(node: ElementNode, width: Double?)] = []
        for node in children where node.when?.evaluate(context.values) ?? true {
            if let width = node.width {
                plan.append((node, width))
            } else if let sizing = node.element as? any RowSizing {
                let natural = try context.measuring { () throws(RenderError) in try sizing.naturalWidth(context: context) }
                // A text with nothing to say for this result takes no place and no spacing.
                if natural > 0 { plan.append((node, natural)) }
            } else if node.element is FillerElement {
                plan.append((node, nil))
            }
        }
        let fixed = plan.reduce(0) { $0 + $1.node.x + ($1.width ?? 0) } + spacing * Double(max(0, plan.count - 1))
        let flexible = plan.filter { $0.width == nil }.count
        var excess = fixed - available
        if excess <= 0 {
            let share = flexible > 0 ? -excess / Double(flexible) : 0
            return plan.map { ($0.node, $0.width ?? share) }
        }
        for index in plan.indices where excess > 0 {
            let node = plan[index].node
            guard node.width == nil, let sizing = node.element as? any RowSizing, let natural = plan[index].width else { continue }
            let floor = min(natural, sizing.minimumRowWidth(context: context))
            let given = min(excess, natural - floor)
            guard given > 0 else { continue }
            plan[index].width = natural - given
            excess -= given
            context.note(.shrunk, element: node.label,
                         detail: "the row narrowed it from \(Int(natural.rounded(.up))) to \(Int((natural - given).rounded(.down))) pt")
        }
        if excess > 0.5 {
            context.note(.overflowed, detail: "children need \(Int((available + excess).rounded())) pt in a \(Int(available.rounded())) pt row")
        }
        return plan.map { ($0.node, $0.width ?? 0) }
    }

    /// Each child's top, relative to the row's top, before its own `y`.
    func offsets(_ sizes: [(height: Double, baseline: Double)], height fixed: Double?) -> [Double] {
        let tallest = sizes.map(\.height).max() ?? 0
        switch alignment {
        case .top:
            return sizes.map { _ in 0 }
        case .center:
            return sizes.map { ((fixed ?? tallest) - $0.height) / 2 }
        case .bottom:
            return sizes.map { (fixed ?? tallest) - $0.height }
        case .baseline:
            let ascent = sizes.map(\.baseline).max() ?? 0
            return sizes.map { ascent - $0.baseline }
        }
    }

    /// The baseline of the first line of the first text among `items`, absolute (unturned).
    static func firstBaseline(in items: [DisplayItem]) -> Double? {
        for item in items {
            switch item {
            case .text(let text, let origin, _, _, _):
                if let line = text.lines.first { return origin.y + line.baseline }
            case .group(let children, _, _, _, _, _):
                if let found = firstBaseline(in: children) { return found }
            case .shape, .image, .qr:
                continue
            }
        }
        return nil
    }
}

/// An element type that has a natural width in a row when the theme gives it none.
protocol RowSizing {
    /// The width the element takes in a row for this result: its one-line width.
    func naturalWidth(context: LayoutContext) throws(RenderError) -> Double
    /// The least a row may narrow the element to when its children do not fit.
    func minimumRowWidth(context: LayoutContext) -> Double
}

extension RowElement: RowSizing {
    func naturalWidth(context: LayoutContext) throws(RenderError) -> Double {
        let plan = try widths(in: .greatestFiniteMagnitude, context: context)
        // Fillers take nothing when nothing is left over.
        let natural = plan.reduce(0) { $0 + $1.0.x + ($1.0.width ?? (Self.sizesFreely($1.0) ? 0 : $1.1)) }
        return natural + spacing * Double(max(0, plan.count - 1))
    }

    func minimumRowWidth(context: LayoutContext) -> Double { 0 }

    private static func sizesFreely(_ node: ElementNode) -> Bool { node.element is FillerElement }
}
