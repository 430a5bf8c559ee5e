/// A numeric property as a theme wrote it: a number, or an expression over number
/// placeholders (`"{percent.c} * 2.4"`) checked at load to stay in the property's range.
public enum NumberValue: Sendable, Hashable {
    /// A number as written.
    case constant(Double)
    /// An expression, the range its values can take (`NumberExpression.range()`)
    /// and the property's allowed range, which holds it.
    case expression(NumberExpression, range: ClosedRange<Double>, allowed: ClosedRange<Double>)

    /// The value for one result: the constant, or the expression evaluated and kept
    /// within the property's range (a no-op for a validated theme, by the load check,
    /// but it keeps rounding from stepping outside).
    public func value(_ values: BindingValues) -> Double {
        switch self {
        case .constant(let number):
            return number
        case .expression(let expression, _, let allowed):
            let value = expression.evaluate(values)
            guard value.isFinite else { return allowed.lowerBound }
            return min(max(value, allowed.lowerBound), allowed.upperBound)
        }
    }

    /// The smallest value over every result (the constant itself for a number).
    public var lowest: Double {
        switch self {
        case .constant(let number): number
        case .expression(_, let range, _): range.lowerBound
        }
    }

    /// The largest value over every result (the constant itself for a number).
    public var highest: Double {
        switch self {
        case .constant(let number): number
        case .expression(_, let range, _): range.upperBound
        }
    }

    /// Whether the value is the same for every result.
    public var isConstant: Bool {
        if case .constant = self { true } else { false }
    }
}

extension ThemeReadContext {
    /// Reads a numeric property: a number in `range`, or a string holding an
    /// expression whose every value over every result lies in `range`.
    func numberValue(_ key: String, in object: ObjectReader, default fallback: Double, range: ClosedRange<Double>) -> NumberValue {
        guard let node = object.node(for: key), let source = node.stringValue else {
            return .constant(object.number(key, default: fallback, range: range))
        }
        switch NumberExpression.parse(source, type: type(of:)) {
        case .failure(let error):
            object.report(error.message, for: key)
            return .constant(fallback)
        case .success(let expression):
            switch expression.range() {
            case .failure(let error):
                object.report("\(error.message), in expression \"\(source)\"", for: key)
                return .constant(fallback)
            case .success(let values):
                guard range.contains(values.lowerBound), range.contains(values.upperBound) else {
                    let allowed = NumberExpression.describe(range)
                    object.report(
                        "\"\(source)\" ranges over \(NumberExpression.describe(values)) across results; \(key) must stay within \(allowed): scale it or wrap it in clamp(…, \(NumberExpression.format(range.lowerBound)), \(NumberExpression.format(range.upperBound)))",
                        for: key)
                    return .constant(fallback)
                }
                if values.lowerBound == values.upperBound { return .constant(values.lowerBound) }
                return .expression(expression, range: values, allowed: range)
            }
        }
    }
}
