import NMTIDomain
import PosterGraphics

extension DimensionsElement {
    /// The second series of a compared chart: the inviter's readings and whether their
    /// scores are known (else they stand at ±6 toward the inviter's poles).
    struct Comparison {
        let readings: [DimensionReading]
        let known: Bool
    }

    /// The inviter's series, when `compare` asks for it and the result is invited.
    func comparison(_ context: LayoutContext) -> Comparison? {
        guard compare == .inviter else { return nil }
        var readings: [DimensionReading] = []
        for dimension in NMTIDomain.Dimension.allCases {
            guard let score = Int(context.values["inviter.score.\(dimension.rawValue)"]) else { return nil }
            readings.append(DimensionReading(dimension: dimension, score: score))
        }
        return Comparison(readings: readings, known: context.values["inviter.hasScores"] == "true")
    }

    /// Draws the legend (a swatch and label per series, centred in `width`) and returns its height.
    func legend(_ other: Comparison, at origin: Point, width: Double, context: LayoutContext, into items: inout [DisplayItem]) -> Double {
        let style = TextStyle(family: font, size: captionSize, maxLines: 1, autospace: true)
        let mine = (legendLabel?.render(context.values)).flatMap { $0.isEmpty ? nil : $0 } ?? "你"
        let theirsLabel = other.known ? compareLabel : compareUnknownLabel
        let theirs = (theirsLabel?.render(context.values)).flatMap { $0.isEmpty ? nil : $0 } ?? "TA"
        let swatch = captionSize * 0.8, gap = captionSize * 0.35, between = captionSize * 1.2
        let half = max(0, (width - between) / 2 - swatch - gap)
        let first = context.layOut(mine, style: style, width: half)
        let second = context.layOut(theirs, style: style, width: max(half, width - 2 * (swatch + gap) - between - first.size.width))
        let total = 2 * (swatch + gap) + first.size.width + between + second.size.width
        var x = origin.x + max(0, (width - total) / 2)
        let height = max(first.size.height, second.size.height)
        for (text, color, hollow) in [(first, context.color(fillColor), false), (second, context.color(compareColor), !other.known)] {
            let disc = Rect(x: x, y: origin.y + (height - swatch) / 2, width: swatch, height: swatch)
            items.append(.shape(.ellipse(disc), fill: .solid(hollow ? .white : color),
                                stroke: hollow ? Stroke(paint: .solid(color), width: 1.2) : nil, shadow: nil))
            x += swatch + gap
            items.append(.text(text, origin: Point(x: x, y: origin.y + (height - text.size.height) / 2),
                               color: context.color(captionColor), stroke: nil, shadow: nil))
            x += text.size.width + between
        }
        return height
    }
}
