import NMTIDomain
import PosterGraphics

/// `dimensions`: the four scores as diverging bars, the positive pole's name on
/// the left and the negative pole's on the right, the resolved pole highlighted
/// (neither for a score of 0, captioned `五五开`).
/// With `compare: "inviter"`, an invited result's chart also shows the inviter's
/// scores on the same tracks, in a second lane with a legend.
///
/// Bars follow `DimensionScale`: the centre is a score of 0, the ends ±12; larger
/// scores are clamped for display.
public struct DimensionsElement: PosterElement {
    public static let typeName = "dimensions"
    public static let propertyNames = [
        "font", "labelSize", "labelWidth", "labelColor", "activeColor", "barHeight", "rowGap", "trackColor",
        "fillColor", "showCaptions", "captionSize", "captionColor",
        "compare", "compareColor", "showLegend", "legendLabel", "compareLabel", "compareUnknownLabel",
    ]

    /// Whose scores a chart draws beside the result's own.
    public enum Compare: String, Sendable, CaseIterable {
        /// Only the result's own scores.
        case none
        /// Also the inviter's (`inviter.score.*`), when the result is invited.
        case inviter
    }

    let font: String
    let labelSize: Double
    let labelWidth: Double
    let labelColor: ColorValue
    let activeColor: ColorValue
    let barHeight: Double
    let rowGap: Double
    let trackColor: ColorValue
    let fillColor: ColorValue
    let showCaptions: Bool
    let captionSize: Double
    let captionColor: ColorValue
    let compare: Compare
    let compareColor: ColorValue
    let showLegend: Bool
    let legendLabel: Template?
    let compareLabel: Template?
    let compareUnknownLabel: Template?

    public init(from reader: ElementReader) {
        font = reader.fontFamily("font", default: "Noto Sans CJK SC")
        labelSize = reader.number("labelSize", default: 12, range: 4...72)
        labelWidth = reader.number("labelWidth", default: 60, range: 10...300)
        labelColor = reader.color("labelColor", default: Color(hex: "#8A8A8A")!) ?? .literal(.black)
        activeColor = reader.color("activeColor", default: .black) ?? .literal(.black)
        barHeight = reader.number("barHeight", default: 8, range: 1...60)
        rowGap = reader.number("rowGap", default: 12, range: 0...200)
        trackColor = reader.color("trackColor", default: Color(hex: "#E6E6E6")!) ?? .literal(.white)
        fillColor = reader.color("fillColor", default: .black) ?? .literal(.black)
        showCaptions = reader.bool("showCaptions", default: true)
        captionSize = reader.number("captionSize", default: 10, range: 4...72)
        captionColor = reader.color("captionColor", default: Color(hex: "#8A8A8A")!) ?? .literal(.black)
        compare = reader.choice("compare", default: Compare.none)
        compareColor = reader.color("compareColor", default: Color(hex: "#2B2620")!) ?? .literal(.black)
        showLegend = reader.bool("showLegend", default: true)
        legendLabel = reader.text("legendLabel", default: "你")
        compareLabel = reader.text("compareLabel", default: "TA")
        compareUnknownLabel = reader.text("compareUnknownLabel", default: "TA的分数未知，按类型示意")
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        var items: [DisplayItem] = []
        var y = slot.origin.y
        let barLeft = slot.origin.x + labelWidth
        let barWidth = max(0, slot.width - 2 * labelWidth)
        let readings = NMTIDomain.Dimension.allCases.map { DimensionReading(dimension: $0, score: Int(context.values["score.\($0.rawValue)"]) ?? 0) }
        let other = comparison(context)
        if let other, showLegend {
            // Centred over the bars (the chart is symmetric), but free to use the labels' width too.
            y += legend(other, at: Point(x: slot.origin.x, y: y), width: slot.width, context: context, into: &items) + 4
        }
        for (index, reading) in readings.enumerated() {
            if index > 0 { y += rowGap }
            if showCaptions {
                var caption = "\(reading.dimension.name) · \(reading.lean)"
                if let other {
                    // In the legend's order (its labels name the two people; a caption has no
                    // room for two nicknames, and 你 would be wrong on a shared poster).
                    let theirs = other.readings[index]
                    caption += " / " + (other.known ? theirs.lean : theirs.pole.name)
                }
                let style = TextStyle(family: font, size: captionSize, alignment: .center, maxLines: 1, autospace: true)
                let text = context.layOut(caption, style: style, width: barWidth)
                items.append(.text(text, origin: Point(x: barLeft, y: y), color: context.color(captionColor), stroke: nil, shadow: nil))
                y += text.size.height + 2
            }
            let trackHeight = other == nil ? barHeight : 2 * barHeight + Self.laneGap
            let rowHeight = max(labelSize * 1.5, barHeight * 2, trackHeight + barHeight)
            let barY = y + (rowHeight - trackHeight) / 2
            for pole in [reading.dimension.positivePole, reading.dimension.negativePole] {
                // A balanced score (0) leans toward neither pole, so neither is highlighted.
                let active = pole == reading.pole && !reading.isBalanced
                let style = TextStyle(family: font, weight: active ? 700 : 400, size: labelSize,
                                      alignment: pole.isPositive ? .left : .right, maxLines: 1)
                let text = context.layOut(pole.name, style: style, width: labelWidth - 6)
                let x = pole.isPositive ? slot.origin.x : slot.origin.x + slot.width - labelWidth + 6
                items.append(.text(text, origin: Point(x: x, y: y + (rowHeight - text.size.height) / 2),
                                   color: context.color(active ? activeColor : labelColor), stroke: nil, shadow: nil))
            }
            let track = Rect(x: barLeft, y: barY, width: barWidth, height: trackHeight)
            items.append(.shape(.rect(track, cornerRadius: min(barHeight, trackHeight / 2)), fill: .solid(context.color(trackColor)),
                                stroke: nil, shadow: nil))
            let lane = Rect(x: barLeft, y: barY, width: barWidth, height: barHeight)
            if let other {
                let theirs = Rect(x: barLeft, y: barY + barHeight + Self.laneGap, width: barWidth, height: barHeight)
                items += bar(at: other.readings[index].position, in: theirs, color: context.color(compareColor),
                             hollow: !other.known, dot: barHeight * 1.6)
                items += bar(at: reading.position, in: lane, color: context.color(fillColor), hollow: false, dot: barHeight * 1.6)
            } else {
                items += bar(at: reading.position, in: lane, color: context.color(fillColor), hollow: false, dot: barHeight * 1.8)
            }
            y += rowHeight
        }
        let height = y - slot.origin.y
        return ElementLayout(size: Size(width: slot.width, height: slot.height ?? height), items: items)
    }

    /// The gap between the two lanes of a compared chart.
    static let laneGap = 1.5

    /// One series on one lane: the fill from the centre to the score and a dot at it (with a
    /// white ring; `hollow`, a ring in the colour, for scores only known as poles).
    /// Positive pole on the left: position 1 (far positive) maps to the left end.
    private func bar(at position: Double, in lane: Rect, color: Color, hollow: Bool, dot: Double) -> [DisplayItem] {
        var items: [DisplayItem] = []
        let marker = lane.x + lane.width * (1 - position)
        let centre = lane.x + lane.width / 2
        let fill = Rect(x: min(marker, centre), y: lane.y, width: abs(marker - centre), height: lane.height)
        let paint = hollow ? Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * 0.35) : color
        if fill.width > 0 {
            items.append(.shape(.rect(fill, cornerRadius: lane.height / 2), fill: .solid(paint), stroke: nil, shadow: nil))
        }
        let disc = Rect(x: marker - dot / 2, y: lane.y + lane.height / 2 - dot / 2, width: dot, height: dot)
        if hollow {
            items.append(.shape(.ellipse(disc), fill: .solid(.white), stroke: Stroke(paint: .solid(color), width: 1.5), shadow: nil))
        } else {
            items.append(.shape(.ellipse(disc), fill: .solid(color), stroke: Stroke(paint: .solid(.white), width: 1.5), shadow: nil))
        }
        return items
    }
}
