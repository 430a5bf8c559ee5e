import Foundation
import PosterGraphics

/// A colour derived from others: `mix(A, B, t)`, `lighten(A, t)`, `darken(A, t)`,
/// `alpha(A, t)` and `readable(on: BG, A, B)`, over literals, placeholders such as
/// `{accent}` and other derived colours.
///
/// Colours are sRGB with straight (not premultiplied) alpha, and the arithmetic
/// is on the sRGB components as written (`#808080` is half-way between black and
/// white), as CSS and design tools mix by default.
public indirect enum ColorExpression: Sendable, Hashable {
    /// A colour written out, or a placeholder resolved per variant.
    case color(ColorValue)
    /// `mix(A, B, t)`: each component, alpha included, `A × (1 − t) + B × t`.
    case mix(ColorExpression, ColorExpression, Double)
    /// `lighten(A, t)`: A mixed toward white by `t`, its alpha kept.
    case lighten(ColorExpression, Double)
    /// `darken(A, t)`: A mixed toward black by `t`, its alpha kept.
    case darken(ColorExpression, Double)
    /// `alpha(A, t)`: A with its alpha set to `t`.
    case alpha(ColorExpression, Double)
    /// `readable(on: BG, A, B)`: whichever of A and B has the higher WCAG contrast
    /// against BG (A on a tie); BG counts as opaque, A and B are laid over it first.
    case readable(on: ColorExpression, ColorExpression, ColorExpression)

    /// The function names, for messages and suggestions.
    public static let functionNames = ["alpha", "darken", "lighten", "mix", "readable"]

    /// The colour for one result; nil when a placeholder does not give a colour.
    public func resolve(_ values: BindingValues) -> Color? {
        switch self {
        case .color(let value):
            return value.resolve(values)
        case .mix(let lhs, let rhs, let amount):
            guard let a = lhs.resolve(values), let b = rhs.resolve(values) else { return nil }
            return Self.mix(a, b, amount)
        case .lighten(let base, let amount):
            guard let a = base.resolve(values) else { return nil }
            var mixed = Self.mix(a, Color(red: 1, green: 1, blue: 1, alpha: a.alpha), amount)
            mixed.alpha = a.alpha
            return mixed
        case .darken(let base, let amount):
            guard let a = base.resolve(values) else { return nil }
            var mixed = Self.mix(a, Color(red: 0, green: 0, blue: 0, alpha: a.alpha), amount)
            mixed.alpha = a.alpha
            return mixed
        case .alpha(let base, let amount):
            guard var a = base.resolve(values) else { return nil }
            a.alpha = amount
            return a
        case .readable(let background, let first, let second):
            guard let back = background.resolve(values), let a = first.resolve(values), let b = second.resolve(values)
            else { return nil }
            let ground = (back.red, back.green, back.blue)
            let ratioA = ContrastLint.ratio(ContrastLint.over(a, alpha: a.alpha, ground), ground)
            let ratioB = ContrastLint.ratio(ContrastLint.over(b, alpha: b.alpha, ground), ground)
            return ratioB > ratioA ? b : a
        }
    }

    /// Why the expression gives no colour for these values: the first placeholder
    /// whose value is not a colour, as `'#E8503' is not a colour`; nil when it gives one.
    public func problem(_ values: BindingValues) -> String? {
        switch self {
        case .color(let value):
            guard case .bound(let template) = value, value.resolve(values) == nil else { return nil }
            return "'\(template.render(values))' is not a colour"
        case .mix(let lhs, let rhs, _):
            return lhs.problem(values) ?? rhs.problem(values)
        case .lighten(let base, _), .darken(let base, _), .alpha(let base, _):
            return base.problem(values)
        case .readable(let background, let first, let second):
            return background.problem(values) ?? first.problem(values) ?? second.problem(values)
        }
    }

    /// Whether every leaf is written out, so the colour is the same for every result.
    var isConstant: Bool {
        switch self {
        case .color(let value): if case .literal = value { true } else { false }
        case .mix(let lhs, let rhs, _): lhs.isConstant && rhs.isConstant
        case .lighten(let base, _), .darken(let base, _), .alpha(let base, _): base.isConstant
        case .readable(let background, let first, let second): background.isConstant && first.isConstant && second.isConstant
        }
    }

    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func blend(_ x: Double, _ y: Double) -> Double { x * (1 - t) + y * t }
        return Color(red: blend(a.red, b.red), green: blend(a.green, b.green), blue: blend(a.blue, b.blue),
                     alpha: blend(a.alpha, b.alpha))
    }
}
