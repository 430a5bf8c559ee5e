import PosterGraphics

/// `text`: a paragraph with Chinese line breaking, max lines cut with an ellipsis
/// or at a sentence end, shrink-to-fit, letter spacing, line height, alignment,
/// stroke and shadow.
public struct TextElement: PosterElement {
    public static let typeName = "text"
    public static let propertyNames = [
        "text", "font", "weight", "italic", "size", "minSize", "letterSpacing", "lineHeight", "align",
        "verticalAlign", "maxLines", "overflow", "punctuation", "trimStart", "autospace", "keepWords", "balance", "color", "stroke", "shadow",
        "numeric", "features",
    ]

    enum VerticalAlignment: String, CaseIterable { case top, center, bottom }
    enum Weight: String, CaseIterable {
        case thin, light, regular, medium, bold, heavy
        var value: Int {
            switch self {
            case .thin: 100
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .bold: 700
            case .heavy: 900
            }
        }
    }

    let text: Template
    let style: TextStyle
    let verticalAlignment: VerticalAlignment
    let color: ColorValue
    let stroke: StrokeValue?
    let shadow: ShadowValue?

    public init(from reader: ElementReader) {
        text = reader.text("text") ?? Template(literal: "")
        let size = reader.number("size", default: 16, range: 1...ThemeLimits.maximumFontSize)
        var weight = 400
        if let node = reader.object.node(for: "weight"), let number = node.intValue {
            weight = reader.object.int("weight", default: 400, range: 100...900)
            _ = number
        } else {
            weight = reader.choice("weight", default: Weight.regular).value
        }
        let maxLines = reader.optionalInt("maxLines", range: 1...100)
        style = TextStyle(
            family: reader.fontFamily("font", default: "Noto Sans CJK SC"), weight: weight,
            italic: reader.bool("italic", default: false), size: size,
            minimumSize: reader.optionalNumber("minSize", range: 1...ThemeLimits.maximumFontSize),
            letterSpacing: reader.number("letterSpacing", default: 0, range: -20...100),
            lineHeight: reader.number("lineHeight", default: 1.0, range: 0.5...4),
            alignment: reader.choice("align", default: TextAlignment.left), maxLines: maxLines,
            overflow: reader.choice("overflow", default: TextOverflow.ellipsis),
            punctuation: reader.choice("punctuation", default: PunctuationMode.compress),
            trimStart: reader.bool("trimStart", default: true), autospace: reader.bool("autospace", default: true),
            keepsWords: reader.bool("keepWords", default: true), balance: reader.bool("balance", default: false),
            features: reader.fontFeatures())
        if let minimum = style.minimumSize, minimum > size {
            reader.report("minSize \(minimum) is larger than size \(size)", for: "minSize")
        }
        verticalAlignment = reader.choice("verticalAlign", default: .top)
        color = reader.color("color", default: .black) ?? .literal(.black)
        stroke = reader.stroke("stroke")
        shadow = reader.shadow("shadow")
    }

    public func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        let content = text.render(context.values)
        guard !content.isEmpty else { return .empty }
        let shaped = context.layOut(content, style: style, width: slot.width, maxHeight: slot.height,
                                    measuringInk: shadow != nil)
        if shaped.fit.shrunk { context.note(.shrunk, text: content, detail: "\(format(style.size)) -> \(format(shaped.fit.size)) pt") }
        if shaped.fit.ellipsised { context.note(.ellipsised, text: content, detail: "kept \(shaped.fit.keptCharacters ?? 0) of \(content.count) characters") }
        if let kept = shaped.fit.keptSentences, let total = shaped.fit.totalSentences {
            context.note(.shortened, text: content, detail: "kept \(kept) of \(total) sentences")
        }
        if shaped.fit.overflowed { context.note(.overflowed, text: content, detail: "does not fit even at \(format(shaped.fit.size)) pt") }
        let height = slot.height ?? shaped.size.height
        var y = slot.origin.y
        switch verticalAlignment {
        case .top: break
        case .center: y += (height - shaped.size.height) / 2
        case .bottom: y += height - shaped.size.height
        }
        let item = DisplayItem.text(
            shaped, origin: Point(x: slot.origin.x, y: y), color: context.color(color),
            stroke: stroke?.resolve(context.values), shadow: shadow?.resolve(context.values))
        return ElementLayout(size: Size(width: slot.width, height: height), items: [item])
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}

import Foundation

extension TextElement: RowSizing {
    /// The widest line of the text set on one line per paragraph at its full size.
    func naturalWidth(context: LayoutContext) throws(RenderError) -> Double {
        let content = text.render(context.values)
        guard !content.isEmpty else { return 0 }
        let shaped = context.layOut(content, style: style, width: nil)
        let widest = shaped.lines.map { $0.x + $0.width }.max() ?? shaped.size.width
        // Up to the next 1/100 pt, so that wrapping at exactly this width keeps one line.
        return (widest * 100).rounded(.up) / 100
    }

    /// One em: narrower, a text can hold no character.
    func minimumRowWidth(context: LayoutContext) -> Double { style.size }
}
