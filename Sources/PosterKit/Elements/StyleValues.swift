import Foundation
import PosterGraphics

/// A colour written in a theme: a literal like "#FF5A36" or a placeholder like "{accent}".
public enum ColorValue: Sendable, Hashable {
    /// A colour written out, such as "#FF5A36".
    case literal(Color)
    /// A placeholder such as "{accent}", resolved per variant (checked at load for all 32).
    case bound(Template)
    /// A colour function over placeholders, such as `mix({accent}, #FFFFFF, 0.8)`
    /// (checked at load for all 32 variants; one over literals only is read as a literal).
    case derived(ColorExpression)

    /// The colour for one result; nil when a bound value is not a colour
    /// (theme validation checks every variant, so this only fails for unvalidated themes).
    public func resolve(_ values: BindingValues) -> Color? {
        switch self {
        case .literal(let color): color
        case .bound(let template): ColorValue.parseColorOrFunction(template.render(values))
        case .derived(let expression): expression.resolve(values)
        }
    }

    /// Why the value gives no colour for these values (`'#E8503' is not a colour`); nil when it gives one.
    public func problem(_ values: BindingValues) -> String? {
        switch self {
        case .literal: nil
        case .bound: ColorExpression.color(self).problem(values)
        case .derived(let expression): expression.problem(values)
        }
    }

    /// Parses a colour, or a colour function over colours written out (what a
    /// variable such as `paper: "lighten({accent}, 0.9)"` gives once bound).
    static func parseColorOrFunction(_ text: String) -> Color? {
        if let color = parseColor(text) { return color }
        guard ColorExpression.isCall(text),
              case .success(let expression) = ColorExpression.parse(text, leaf: { parseColor($0).map(ColorValue.literal) })
        else { return nil }
        return expression.resolve(.empty)
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` or `transparent`.
    public static func parseColor(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed == "transparent" ? .clear : Color(hex: trimmed)
    }
}

/// A fill written in a theme: a colour, or a linear or radial gradient relative to the element's box.
public enum PaintValue: Sendable, Hashable {
    /// One flat colour.
    case color(ColorValue)
    /// CSS-style angle in degrees: 0 points up, 90 right, 180 down.
    case linear(angle: Double, stops: [ColorStop])
    /// Centre as fractions of the box, radius as a fraction of its longer side.
    case radial(centerX: Double, centerY: Double, radius: Double, stops: [ColorStop])

    /// The paint in absolute coordinates for a box.
    public func resolve(_ values: BindingValues, in box: Rect) -> Paint {
        func stops(_ list: [ColorStop]) -> [GradientStop] {
            list.map { GradientStop(offset: $0.offset, color: $0.color.resolve(values) ?? .clear) }
        }
        switch self {
        case .color(let color):
            return .solid(color.resolve(values) ?? .clear)
        case .linear(let angle, let list):
            let radians = angle * .pi / 180
            let dx = sin(radians), dy = -cos(radians)
            // Half the gradient line length so the corners get the end colours, as in CSS.
            let half = (abs(box.width * dx) + abs(box.height * dy)) / 2
            let cx = box.x + box.width / 2, cy = box.y + box.height / 2
            return .linearGradient(start: Point(x: cx - dx * half, y: cy - dy * half),
                                   end: Point(x: cx + dx * half, y: cy + dy * half), stops: stops(list))
        case .radial(let centerX, let centerY, let radius, let list):
            return .radialGradient(center: Point(x: box.x + box.width * centerX, y: box.y + box.height * centerY),
                                   radius: radius * max(box.width, box.height), stops: stops(list))
        }
    }
}

/// One stop of a gradient written in a theme.
public struct ColorStop: Sendable, Hashable {
    /// The colour at this stop.
    public var color: ColorValue
    /// Position along the gradient, 0...1.
    public var offset: Double
}

/// An outline written in a theme.
public struct StrokeValue: Sendable, Hashable {
    /// The outline's colour.
    public var color: ColorValue
    /// The line width in points.
    public var width: Double
    /// Alternating on and off lengths in points; empty for a solid line.
    public var dash: [Double]

    /// The most lengths a dash pattern may list.
    static let maximumDashLengths = 16

    /// Why a dash pattern cannot be drawn, if it cannot.
    static func dashProblem(_ dash: [Double]) -> String? {
        if dash.count > maximumDashLengths { return "a dash pattern has at most \(maximumDashLengths) lengths, found \(dash.count)" }
        if dash.contains(where: { !$0.isFinite || $0 < 0 || $0 > 1000 }) { return "dash lengths must be 0...1000" }
        if !dash.isEmpty, dash.allSatisfy({ $0 == 0 }) { return "a dash pattern needs a length above 0 (all zero draws nothing and fails to render)" }
        return nil
    }

    func resolve(_ values: BindingValues) -> Stroke {
        Stroke(paint: .solid(color.resolve(values) ?? .clear), width: width, dash: dash)
    }
}

/// A drop shadow written in a theme.
public struct ShadowValue: Sendable, Hashable {
    /// The shadow's colour.
    public var color: ColorValue
    /// Horizontal offset in points.
    public var x: Double
    /// Vertical offset in points.
    public var y: Double
    /// Blur radius in points.
    public var blur: Double

    func resolve(_ values: BindingValues) -> Shadow {
        Shadow(color: color.resolve(values) ?? .clear, offset: Point(x: x, y: y), blur: blur)
    }
}
