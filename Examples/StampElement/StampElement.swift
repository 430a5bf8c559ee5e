import PosterKit

/// `stamp`: a postage stamp — a paper rectangle with a perforated edge and a coloured
/// inner panel — written only against the public `PosterKit` API, as a plugin would be.
///
/// ```json5
/// { type: "stamp", x: 260, y: 40, width: 80, height: 96, color: "{accent}", teeth: 8 }
/// ```
public struct StampElement: PosterElement {
    /// The name theme files use in `type`.
    public static let typeName = "stamp"
    /// The stamp's own keys; `x`, `y`, `width`, `height`, `id`, `when`, `rotate`, `origin` and `blend` are common to every element.
    public static let propertyNames = ["color", "paper", "holes", "teeth", "margin"]

    /// The inner panel's colour; may be a variant colour such as "{accent}".
    public let color: ColorValue
    /// The stamp paper's colour.
    public let paper: ColorValue
    /// The colour seen through the perforation holes: what the stamp sits on (by default the canvas background).
    public let holes: ColorValue?
    /// Perforation holes along the top edge (the other edges get as many per point).
    public let teeth: Int
    /// The paper border between the perforation and the panel, in points.
    public let margin: Double

    /// Reads the stamp's properties; problems are reported with their JSON path and line.
    public init(from reader: ElementReader) {
        color = reader.color("color", default: Color(red: 0.75, green: 0.16, blue: 0.12)) ?? .literal(.black)
        paper = reader.color("paper", default: .white) ?? .literal(.white)
        holes = reader.color("holes", default: nil)
        teeth = reader.int("teeth", default: 8, range: 2...40)
        margin = reader.number("margin", default: 6, range: 0...100)
    }

    /// Draws the paper, the panel inset by `margin`, and the holes cut along every edge.
    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        let height = slot.height ?? slot.width * 1.2
        let frame = Rect(x: slot.origin.x, y: slot.origin.y, width: slot.width, height: height)
        guard frame.width > 2 * margin, frame.height > 2 * margin else {
            context.note(.overflowed, detail: "a \(Int(frame.width))x\(Int(frame.height)) pt stamp leaves no room for its \(Int(margin)) pt margin")
            return ElementLayout(size: Size(width: frame.width, height: height), items: [])
        }
        let panel = Rect(x: frame.x + margin, y: frame.y + margin,
                         width: frame.width - 2 * margin, height: frame.height - 2 * margin)
        var items: [DisplayItem] = [
            .shape(.rect(frame, cornerRadius: 0), fill: .solid(context.color(paper)), stroke: nil, shadow: nil),
            .shape(.rect(panel, cornerRadius: 2), fill: .solid(context.color(color)), stroke: nil, shadow: nil),
        ]
        // Each hole is a disc of what lies under the stamp, centred on the edge: half of it
        // bites into the paper, the other half falls on the poster and is invisible there.
        let pitch = frame.width / Double(teeth)
        let radius = pitch / 4
        let hole = context.color(holes ?? context.theme.background)
        for center in Self.holeCenters(frame: frame, pitch: pitch) {
            let disc = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
            items.append(.shape(.ellipse(disc), fill: .solid(hole), stroke: nil, shadow: nil))
        }
        return ElementLayout(size: Size(width: frame.width, height: height), items: items)
    }

    /// The centres of the holes: one every `pitch` points along each edge, corners excluded.
    static func holeCenters(frame: Rect, pitch: Double) -> [Point] {
        var centers: [Point] = []
        var x = frame.minX + pitch / 2
        while x < frame.maxX {
            centers.append(Point(x: x, y: frame.minY))
            centers.append(Point(x: x, y: frame.maxY))
            x += pitch
        }
        let rows = max(1, Int((frame.height / pitch).rounded()))
        let step = frame.height / Double(rows)
        var y = frame.minY + step / 2
        while y < frame.maxY {
            centers.append(Point(x: frame.minX, y: y))
            centers.append(Point(x: frame.maxX, y: y))
            y += step
        }
        return centers
    }
}
