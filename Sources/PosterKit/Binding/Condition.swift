/// A `when` condition such as `invited && pack == "student"`, parsed once at load.
///
/// Grammar: `or := and ("||" and)*`, `and := not ("&&" not)*`, `not := "!" not | atom`,
/// `atom := "(" or ")" | name | name op value` with `op` one of `==`, `!=`, `<`, `<=`,
/// `>`, `>=`. A bare name holds by `BindingValue.isTruthy`; `==` compares numbers as
/// numbers, flags with `true`/`false`, the rest as text; `<` and friends compare numbers.
/// Values are words or quoted strings. `checkTypes` finds comparisons that can never hold.
public indirect enum Condition: Sendable, Hashable {
    /// A bare name: true when its value holds (`BindingValue.isTruthy`).
    case truthy(String)
    /// `name == value`: numbers compare as numbers, flags with true/false, the rest as text.
    case equals(String, String)
    /// `name < number` and the other orders: true when the name's value is a number in that order.
    case compare(String, Order, Int)
    /// `!condition` (and `name != value`, read as `!(name == value)`).
    case not(Condition)
    /// `left && right`.
    case and(Condition, Condition)
    /// `left || right`.
    case or(Condition, Condition)

    /// How a number is compared with a written number.
    public enum Order: String, Sendable, Hashable, CaseIterable {
        /// `<`
        case less = "<"
        /// `<=`
        case lessOrEqual = "<="
        /// `>`
        case greater = ">"
        /// `>=`
        case greaterOrEqual = ">="

        /// Whether `value` stands in this order to `bound`.
        public func holds(_ value: Int, _ bound: Int) -> Bool {
            switch self {
            case .less: value < bound
            case .lessOrEqual: value <= bound
            case .greater: value > bound
            case .greaterOrEqual: value >= bound
            }
        }
    }

    /// The deepest nesting a condition may have.
    public static let maximumDepth = 16

    /// Evaluates the condition against a result's values; an absent value reads as empty.
    public func evaluate(_ values: BindingValues) -> Bool {
        switch self {
        case .truthy(let name): values.isTruthy(name)
        case .equals(let name, let literal): values.values[name]?.equals(literal) ?? literal.isEmpty
        case .compare(let name, let order, let bound): values.values[name]?.number.map { order.holds($0, bound) } ?? false
        case .not(let inner): !inner.evaluate(values)
        case .and(let lhs, let rhs): lhs.evaluate(values) && rhs.evaluate(values)
        case .or(let lhs, let rhs): lhs.evaluate(values) || rhs.evaluate(values)
        }
    }

    /// Every name the condition reads.
    public var names: [String] {
        switch self {
        case .truthy(let name), .equals(let name, _), .compare(let name, _, _): [name]
        case .not(let inner): inner.names
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.names + rhs.names
        }
    }

    /// Parses a condition, or explains where it goes wrong.
    public static func parse(_ source: String) -> Result<Condition, TemplateError> {
        var parser = ConditionParser(tokens: ConditionParser.tokenize(source), source: source)
        do throws(TemplateError) {
            let condition = try parser.parseOr(depth: 0)
            guard parser.position == parser.tokens.count else {
                throw TemplateError(message: "unexpected '\(parser.tokens[parser.position])' in condition \"\(source)\"")
            }
            return .success(condition)
        } catch {
            return .failure(error)
        }
    }
}

/// A recursive-descent parser over condition tokens, with a depth limit.
struct ConditionParser {
    let tokens: [String]
    let source: String
    var position = 0

    static func tokenize(_ source: String) -> [String] {
        var tokens: [String] = []
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            if character.isWhitespace {
                index = source.index(after: index)
            } else if "()".contains(character) {
                tokens.append(String(character))
                index = source.index(after: index)
            } else if character == "\"" || character == "'" {
                var end = source.index(after: index)
                while end < source.endIndex, source[end] != character { end = source.index(after: end) }
                let stop = end < source.endIndex ? source.index(after: end) : end
                tokens.append(String(source[index..<stop]))
                index = stop
            } else if "&|=!<>".contains(character) {
                var end = source.index(after: index)
                while end < source.endIndex, "&|=".contains(source[end]) { end = source.index(after: end) }
                tokens.append(String(source[index..<end]))
                index = end
            } else {
                var end = index
                while end < source.endIndex, !source[end].isWhitespace, !"()&|=!<>\"'".contains(source[end]) {
                    end = source.index(after: end)
                }
                tokens.append(String(source[index..<end]))
                index = end
            }
        }
        return tokens
    }

    private var peek: String? { position < tokens.count ? tokens[position] : nil }

    private func fail(_ message: String) -> TemplateError {
        TemplateError(message: "\(message) in condition \"\(source)\"")
    }

    mutating func parseOr(depth: Int) throws(TemplateError) -> Condition {
        guard depth < Condition.maximumDepth else { throw fail("nesting deeper than \(Condition.maximumDepth)") }
        var lhs = try parseAnd(depth: depth)
        while peek == "||" || peek == "or" {
            position += 1
            lhs = .or(lhs, try parseAnd(depth: depth))
        }
        return lhs
    }

    private mutating func parseAnd(depth: Int) throws(TemplateError) -> Condition {
        var lhs = try parseNot(depth: depth)
        while peek == "&&" || peek == "and" {
            position += 1
            lhs = .and(lhs, try parseNot(depth: depth))
        }
        return lhs
    }

    private mutating func parseNot(depth: Int) throws(TemplateError) -> Condition {
        if peek == "!" || peek == "not" {
            position += 1
            guard depth + 1 < Condition.maximumDepth else { throw fail("nesting deeper than \(Condition.maximumDepth)") }
            return .not(try parseNot(depth: depth + 1))
        }
        return try parseAtom(depth: depth)
    }

    private mutating func parseAtom(depth: Int) throws(TemplateError) -> Condition {
        guard let token = peek else { throw fail("expected a name") }
        position += 1
        if token == "(" {
            let inner = try parseOr(depth: depth + 1)
            guard peek == ")" else { throw fail("expected ')'") }
            position += 1
            return inner
        }
        guard token.first.map({ $0.isLetter }) == true,
              token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" })
        else { throw fail("expected a name, found '\(token)'") }
        guard let op = peek, op == "==" || op == "!=" || Condition.Order(rawValue: op) != nil else { return .truthy(token) }
        position += 1
        guard var value = peek, value != ")", value != "&&", value != "||" else { throw fail("expected a value after \(op)") }
        position += 1
        if let quote = value.first, quote == "\"" || quote == "'" {
            guard value.count >= 2, value.last == quote else { throw fail("unterminated string") }
            value = String(value.dropFirst().dropLast())
        }
        if let order = Condition.Order(rawValue: op) {
            guard let bound = Int(value) else { throw fail("'\(op)' compares numbers, and '\(value)' is not a whole number") }
            return .compare(token, order, bound)
        }
        return op == "==" ? .equals(token, value) : .not(.equals(token, value))
    }
}
