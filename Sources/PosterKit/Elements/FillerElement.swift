import PosterGraphics

/// `filler`: in a row, takes the width the other children leave (shared equally
/// with other fillers) and may draw a leader across it, dots or dashes, as in
/// "卷王 ······ 42%". Outside a row it spans its width like any element.
public struct FillerElement: PosterElement {
    public static let typeName = "filler"
    public static let propertyNames = ["leader", "color", "size", "gap", "dash"]

    /// What the filler draws across its width.
    enum Leader: String, CaseIterable {
        /// Nothing: blank space.
        case none
        /// Round dots `size` across, `gap` apart.
        case dots
        /// Dashes `dash` long and `size` thick, `gap` apart.
        case dashes
    }

    let leader: Leader
    let color: ColorValue
    let size: Double
    let gap: Double
    let dash: Double

    public init(from reader: ElementReader) {
        leader = reader.choice("leader", default: .none)
        color = reader.color("color", default: .black) ?? .literal(.black)
        size = reader.number("size", default: 1.5, range: 0.25...50)
        gap = reader.number("gap", default: 3, range: 0.5...200)
        dash = reader.number("dash", default: 4, range: 0.5...200)
        if leader != .dashes, reader.object.hasValue("dash") {
            reader.report("'dash' is the length of a dash; it needs leader: \"dashes\"", for: "dash")
        }
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        // As tall as the leader, so that on a row's baseline the leader sits on it.
        let height = slot.height ?? (leader == .none ? 0 : size)
        let size = Size(width: slot.width, height: height)
        guard let stroke = leaderStroke(context: context), let (from, to) = leaderEnds(width: slot.width) else {
            return ElementLayout(size: size, items: [])
        }
        let y = slot.origin.y + height - self.size / 2
        let line = ShapeGeometry.line(from: Point(x: slot.origin.x + from, y: y), to: Point(x: slot.origin.x + to, y: y))
        return ElementLayout(size: size, items: [.shape(line, fill: nil, stroke: stroke, shadow: nil)])
    }

    /// The leader's stroke: dots are zero-length dashes with round caps (`Stroke.drawsDots`).
    func leaderStroke(context: LayoutContext) -> Stroke? {
        let paint = Paint.solid(context.color(color))
        switch leader {
        case .none: return nil
        case .dots: return Stroke(paint: paint, width: size, dash: [0, size + gap])
        case .dashes: return Stroke(paint: paint, width: size, dash: [dash, gap])
        }
    }

    /// Where the leader's line starts and ends across the width: whole dots or dashes
    /// only, centred, so the leader never ends in a stub; nil when none fits.
    func leaderEnds(width: Double) -> (Double, Double)? {
        switch leader {
        case .none:
            return nil
        case .dots:
            let period = size + gap
            guard width >= size else { return nil }
            let count = ((width - size) / period).rounded(.down) + 1
            let span = (count - 1) * period
            let start = (width - span) / 2
            // A hair past the last dot, so that rounding never drops it.
            return (start, start + span + 0.001)
        case .dashes:
            let count = ((width + gap) / (dash + gap)).rounded(.down)
            guard count >= 1 else { return nil }
            let span = count * dash + (count - 1) * gap
            let start = (width - span) / 2
            return (start, start + span)
        }
    }

    /// How many dots or dashes a leader across `width` draws, for the cost estimate.
    func marks(width: Double) -> Double {
        switch leader {
        case .none: 0
        case .dots: max(0, (width - size) / (size + gap) + 1).rounded(.down)
        case .dashes: max(0, (width + gap) / (dash + gap)).rounded(.down)
        }
    }
}
