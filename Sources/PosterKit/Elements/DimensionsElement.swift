import NMTIDomain
import PosterGraphics

/// `dimensions`: the four scores as diverging bars, the positive pole's name on
/// the left and the negative pole's on the right, the resolved pole highlighted.
///
/// Bars follow `DimensionScale`: the centre is a score of 0, the ends ±12; larger
/// scores are clamped for display.
public struct DimensionsElement: PosterElement {
    public static let typeName = "dimensions"
    public static let propertyNames = [
        "font", "labelSize", "labelWidth", "labelColor", "activeColor", "barHeight", "rowGap", "trackColor",
        "fillColor", "showCaptions", "captionSize", "captionColor",
    ]

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
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        var items: [DisplayItem] = []
        var y = slot.origin.y
        let barLeft = slot.origin.x + labelWidth
        let barWidth = max(0, slot.width - 2 * labelWidth)
        let readings = NMTIDomain.Dimension.allCases.map { DimensionReading(dimension: $0, score: Int(context.values["score.\($0.rawValue)"]) ?? 0) }
        for (index, reading) in readings.enumerated() {
            if index > 0 { y += rowGap }
            if showCaptions {
                let caption = "\(reading.dimension.name) · \(reading.pole.name) \(reading.percent)%"
                let style = TextStyle(family: font, size: captionSize, alignment: .center)
                let text = context.layOut(caption, style: style, width: barWidth)
                items.append(.text(text, origin: Point(x: barLeft, y: y), color: context.color(captionColor), stroke: nil, shadow: nil))
                y += text.size.height + 2
            }
            let rowHeight = max(labelSize * 1.5, barHeight * 2)
            let barY = y + (rowHeight - barHeight) / 2
            for pole in [reading.dimension.positivePole, reading.dimension.negativePole] {
                let active = pole == reading.pole
                let style = TextStyle(family: font, weight: active ? 700 : 400, size: labelSize,
                                      alignment: pole.isPositive ? .left : .right, maxLines: 1)
                let text = context.layOut(pole.name, style: style, width: labelWidth - 6)
                let x = pole.isPositive ? slot.origin.x : slot.origin.x + slot.width - labelWidth + 6
                items.append(.text(text, origin: Point(x: x, y: y + (rowHeight - text.size.height) / 2),
                                   color: context.color(active ? activeColor : labelColor), stroke: nil, shadow: nil))
            }
            let track = Rect(x: barLeft, y: barY, width: barWidth, height: barHeight)
            items.append(.shape(.rect(track, cornerRadius: barHeight / 2), fill: .solid(context.color(trackColor)), stroke: nil, shadow: nil))
            // Positive pole on the left: position 1 (far positive) maps to the left end.
            let marker = barLeft + barWidth * (1 - reading.position)
            let centre = barLeft + barWidth / 2
            let fill = Rect(x: min(marker, centre), y: barY, width: abs(marker - centre), height: barHeight)
            if fill.width > 0 {
                items.append(.shape(.rect(fill, cornerRadius: barHeight / 2), fill: .solid(context.color(fillColor)), stroke: nil, shadow: nil))
            }
            let dot = barHeight * 1.8
            items.append(.shape(.ellipse(Rect(x: marker - dot / 2, y: barY + barHeight / 2 - dot / 2, width: dot, height: dot)),
                                fill: .solid(context.color(fillColor)), stroke: Stroke(paint: .solid(.white), width: 1.5), shadow: nil))
            y += rowHeight
        }
        let height = y - slot.origin.y
        return ElementLayout(size: Size(width: slot.width, height: slot.height ?? height), items: items)
    }
}
