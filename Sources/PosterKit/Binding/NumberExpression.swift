import Foundation
import NMTIDomain

/// A numeric property written as an expression over number placeholders, such
/// as `"{percent.c} * 2.4"` or `"clamp(24 + {score.c} * 3, 0, 100)"`: `+ - * /`,
/// parentheses, `min`, `max`, `clamp`, numbers and number placeholders only.
///
/// Parsed once at load, where its range over every result is worked out with
/// interval arithmetic (`range`) and checked against the property's; evaluated at
/// layout with the result's values.
public indirect enum NumberExpression: Sendable, Hashable {
    /// A number as written.
    case number(Double)
    /// A number placeholder such as `{score.c}`, clamped to its documented range.
    case placeholder(String)
    /// `-x`.
    case negate(NumberExpression)
    /// `x + y`, `x - y`, `x * y`, `x / y`.
    case binary(Operator, NumberExpression, NumberExpression)
    /// `min(a, b, …)`.
    case minimum([NumberExpression])
    /// `max(a, b, …)`.
    case maximum([NumberExpression])
    /// `clamp(v, lo, hi)`: `v` kept within `lo … hi` (`max(lo, min(v, hi))`).
    case clamp(NumberExpression, NumberExpression, NumberExpression)

    /// An arithmetic operator.
    public enum Operator: Character, Sendable, Hashable {
        /// Addition.
        case add = "+"
        /// Subtraction.
        case subtract = "-"
        /// Multiplication.
        case multiply = "*"
        /// Division.
        case divide = "/"
    }

    /// The range a number placeholder takes in expressions: ±12 for scores
    /// (`DimensionScale.range`; a result's score beyond it counts as ±12), 0 to 100
    /// for percents. An absent value (an inviter's when not invited) counts as 0.
    public static func range(of name: String) -> ClosedRange<Double>? {
        guard BindingDescriptor.byName[name]?.type == .number else { return nil }
        let scale = Double(DimensionScale.range)
        return name.hasPrefix("score.") || name.hasPrefix("inviter.score.") ? -scale...scale : 0...100
    }

    /// The value for one result; placeholders clamped to `range(of:)`.
    public func evaluate(_ values: BindingValues) -> Double {
        switch self {
        case .number(let number):
            return number
        case .placeholder(let name):
            let value = Double(values.values[name]?.number ?? 0)
            guard let range = Self.range(of: name) else { return value }
            return min(max(value, range.lowerBound), range.upperBound)
        case .negate(let inner):
            return -inner.evaluate(values)
        case .binary(let op, let lhs, let rhs):
            let a = lhs.evaluate(values), b = rhs.evaluate(values)
            switch op {
            case .add: return a + b
            case .subtract: return a - b
            case .multiply: return a * b
            case .divide: return a / b
            }
        case .minimum(let list):
            return list.map { $0.evaluate(values) }.min() ?? 0
        case .maximum(let list):
            return list.map { $0.evaluate(values) }.max() ?? 0
        case .clamp(let value, let low, let high):
            return max(low.evaluate(values), min(value.evaluate(values), high.evaluate(values)))
        }
    }

    /// Every value the expression can take, over every placeholder anywhere in its
    /// range independently (interval arithmetic: never narrower than the truth,
    /// wider when a placeholder appears twice); nil with a reason when a divisor's
    /// range includes 0.
    public func range() -> Result<ClosedRange<Double>, TemplateError> {
        do throws(TemplateError) {
            return .success(try interval())
        } catch {
            return .failure(error)
        }
    }

    private func interval() throws(TemplateError) -> ClosedRange<Double> {
        switch self {
        case .number(let number):
            return number...number
        case .placeholder(let name):
            return Self.range(of: name) ?? 0...0
        case .negate(let inner):
            let range = try inner.interval()
            return -range.upperBound...(-range.lowerBound)
        case .binary(let op, let lhs, let rhs):
            let a = try lhs.interval(), b = try rhs.interval()
            switch op {
            case .add: return try Self.span([a.lowerBound + b.lowerBound, a.upperBound + b.upperBound])
            case .subtract: return try Self.span([a.lowerBound - b.upperBound, a.upperBound - b.lowerBound])
            case .multiply: return try Self.span([a.lowerBound * b.lowerBound, a.lowerBound * b.upperBound,
                                              a.upperBound * b.lowerBound, a.upperBound * b.upperBound])
            case .divide:
                guard !b.contains(0) else {
                    throw TemplateError(message: "it may divide by zero: the divisor \(rhs) ranges over \(Self.describe(b))")
                }
                return try Self.span([a.lowerBound / b.lowerBound, a.lowerBound / b.upperBound,
                                  a.upperBound / b.lowerBound, a.upperBound / b.upperBound])
            }
        case .minimum(let list):
            let ranges = try list.map { (expression) throws(TemplateError) in try expression.interval() }
            return ranges.map(\.lowerBound).min()!...ranges.map(\.upperBound).min()!
        case .maximum(let list):
            let ranges = try list.map { (expression) throws(TemplateError) in try expression.interval() }
            return ranges.map(\.lowerBound).max()!...ranges.map(\.upperBound).max()!
        case .clamp(let value, let low, let high):
            let v = try value.interval(), lo = try low.interval(), hi = try high.interval()
            let capped = min(v.lowerBound, hi.lowerBound)...min(v.upperBound, hi.upperBound)
            return max(lo.lowerBound, capped.lowerBound)...max(lo.upperBound, capped.upperBound)
        }
    }

    /// The most any step of an expression may reach: far beyond any property's
    /// range, and far from where Double loses whole numbers or overflows.
    static let maximumMagnitude = 1e9

    private static func span(_ values: [Double]) throws(TemplateError) -> ClosedRange<Double> {
        guard values.allSatisfy({ $0.isFinite && abs($0) <= maximumMagnitude }) else {
            throw TemplateError(message: "a step of it can reach beyond ±\(format(maximumMagnitude))")
        }
        return values.min()!...values.max()!
    }

    /// `lo … hi` with short numbers, for messages.
    static func describe(_ range: ClosedRange<Double>) -> String {
        range.lowerBound == range.upperBound ? format(range.lowerBound) : "\(format(range.lowerBound)) … \(format(range.upperBound))"
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.4g", value)
    }
}

extension NumberExpression: CustomStringConvertible {
    /// The expression written back, fully parenthesised where it nests.
    public var description: String {
        switch self {
        case .number(let number): Self.format(number)
        case .placeholder(let name): "{\(name)}"
        case .negate(let inner): "-\(inner)"
        case .binary(let op, let lhs, let rhs): "(\(lhs) \(op.rawValue) \(rhs))"
        case .minimum(let list): "min(\(list.map(\.description).joined(separator: ", ")))"
        case .maximum(let list): "max(\(list.map(\.description).joined(separator: ", ")))"
        case .clamp(let value, let low, let high): "clamp(\(value), \(low), \(high))"
        }
    }
}
