import Foundation

extension NumberExpression {
    /// The deepest nesting of parentheses and functions.
    public static let maximumDepth = 16
    /// The most numbers, placeholders and operators one expression may have.
    public static let maximumTerms = 64

    /// Parses an expression; `type` gives each known name's type (nil: unknown), so a
    /// text placeholder is named as the error it is.
    public static func parse(
        _ source: String, type: @escaping (String) -> BindingType?
    ) -> Result<NumberExpression, TemplateError> {
        var parser = NumberExpressionParser(characters: Array(source), source: source, type: type)
        do throws(TemplateError) {
            let expression = try parser.sum(depth: 0)
            parser.skipSpaces()
            guard parser.position == parser.characters.count else {
                throw parser.fail("unexpected '\(parser.characters[parser.position])'")
            }
            return .success(expression)
        } catch {
            return .failure(error)
        }
    }
}

/// A recursive-descent reader of numeric expressions.
struct NumberExpressionParser {
    let characters: [Character]
    let source: String
    let type: (String) -> BindingType?
    var position = 0
    private var terms = 0

    init(characters: [Character], source: String, type: @escaping (String) -> BindingType?) {
        self.characters = characters
        self.source = source
        self.type = type
    }

    func fail(_ message: String) -> TemplateError {
        TemplateError(message: "\(message) in expression \"\(source)\"")
    }

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    mutating func skipSpaces() {
        while let character = peek, character.isWhitespace { position += 1 }
    }

    private mutating func count() throws(TemplateError) {
        terms += 1
        guard terms <= NumberExpression.maximumTerms else {
            throw fail("more than \(NumberExpression.maximumTerms) numbers, placeholders and operators")
        }
    }

    mutating func sum(depth: Int) throws(TemplateError) -> NumberExpression {
        guard depth < NumberExpression.maximumDepth else { throw fail("nesting deeper than \(NumberExpression.maximumDepth)") }
        var lhs = try product(depth: depth)
        while true {
            skipSpaces()
            guard let character = peek, let op = NumberExpression.Operator(rawValue: character), op == .add || op == .subtract
            else { return lhs }
            position += 1
            try count()
            lhs = .binary(op, lhs, try product(depth: depth))
        }
    }

    private mutating func product(depth: Int) throws(TemplateError) -> NumberExpression {
        var lhs = try unary(depth: depth)
        while true {
            skipSpaces()
            guard let character = peek, let op = NumberExpression.Operator(rawValue: character), op == .multiply || op == .divide
            else { return lhs }
            position += 1
            try count()
            lhs = .binary(op, lhs, try unary(depth: depth))
        }
    }

    private mutating func unary(depth: Int) throws(TemplateError) -> NumberExpression {
        skipSpaces()
        if peek == "-" {
            position += 1
            guard depth + 1 < NumberExpression.maximumDepth else { throw fail("nesting deeper than \(NumberExpression.maximumDepth)") }
            return .negate(try unary(depth: depth + 1))
        }
        if peek == "+" { position += 1 }
        return try atom(depth: depth)
    }

    private mutating func atom(depth: Int) throws(TemplateError) -> NumberExpression {
        skipSpaces()
        guard let character = peek else { throw fail("expected a number, a {placeholder} or '('") }
        try count()
        if character == "(" {
            position += 1
            let inner = try sum(depth: depth + 1)
            try expect(")")
            return inner
        }
        if character == "{" { return try placeholder() }
        if character.isNumber || character == "." {
            var text = ""
            while let next = peek, next.isASCII, next.isNumber || next == "." {
                text.append(next)
                position += 1
            }
            guard let number = Double(text), abs(number) <= NumberExpression.maximumMagnitude else {
                throw fail("'\(text)' is not a number")
            }
            return .number(number)
        }
        var name = ""
        while let next = peek, next.isLetter || (!name.isEmpty && (next == "." || next.isNumber)) {
            name.append(next)
            position += 1
        }
        let functions = ["clamp", "max", "min"]
        guard functions.contains(name) else {
            if name.isEmpty { throw fail("unexpected '\(character)'") }
            let guess = Spelling.closest(to: name, among: functions).map { "; did you mean \($0)()?" } ?? ""
            let hint = BindingDescriptor.byName[name] != nil ? "; write a placeholder in braces, {\(name)}" : guess
            throw fail("'\(name)' is not a function (min, max, clamp) or a number\(hint)")
        }
        skipSpaces()
        try expect("(")
        var arguments = [try sum(depth: depth + 1)]
        skipSpaces()
        while peek == "," {
            position += 1
            arguments.append(try sum(depth: depth + 1))
            skipSpaces()
        }
        try expect(")")
        switch name {
        case "clamp":
            guard arguments.count == 3 else { throw fail("clamp takes three arguments, clamp(value, lowest, highest)") }
            return .clamp(arguments[0], arguments[1], arguments[2])
        default:
            guard arguments.count >= 2 else { throw fail("\(name) takes two or more arguments") }
            return name == "min" ? .minimum(arguments) : .maximum(arguments)
        }
    }

    private mutating func expect(_ character: Character) throws(TemplateError) {
        skipSpaces()
        guard peek == character else {
            throw fail(peek.map { "expected '\(character)', found '\($0)'" } ?? "expected '\(character)' at the end")
        }
        position += 1
    }

    private mutating func placeholder() throws(TemplateError) -> NumberExpression {
        position += 1
        var inner = ""
        while let next = peek, next != "}" {
            inner.append(next)
            position += 1
        }
        guard peek == "}" else { throw fail("unclosed '{'") }
        position += 1
        let name = inner.trimmingCharacters(in: .whitespaces)
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }), !name.isEmpty else {
            throw fail("'{\(inner)}' is not a number placeholder (no filters or defaults in numbers)")
        }
        let numbers = BindingDescriptor.builtIn.filter { $0.type == .number }.map(\.name)
        switch type(name) {
        case .number?:
            return .placeholder(name)
        case let kind?:
            throw fail("{\(name)} is \(kind.name == "text" ? "text" : "a \(kind.name)"), not a number; use a number placeholder such as {score.c} or {percent.c}")
        case nil:
            let guess = Spelling.closest(to: name, among: numbers).map { "; did you mean {\($0)}?" } ?? ""
            throw fail("unknown placeholder {\(name)}\(guess)")
        }
    }
}
