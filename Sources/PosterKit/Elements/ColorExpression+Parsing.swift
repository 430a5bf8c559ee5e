import Foundation

extension ColorExpression {
    /// The deepest nesting of colour functions.
    public static let maximumDepth = 8

    /// Whether a colour string is a function call such as `mix(…)` rather than a colour or template.
    static func isCall(_ source: String) -> Bool {
        let trimmed = source.drop(while: \.isWhitespace)
        guard let open = trimmed.firstIndex(of: "("), open > trimmed.startIndex else { return false }
        return trimmed[..<open].trimmingCharacters(in: .whitespaces).allSatisfy(\.isLetter)
    }

    /// Parses a derived colour, reading each leaf (a colour or a template such as
    /// `{accent}80`) through `leaf`, which reports its own problems and returns nil.
    static func parse(
        _ source: String, leaf: (String) -> ColorValue?
    ) -> Result<ColorExpression, TemplateError> {
        var parser = ColorExpressionParser(characters: Array(source), source: source)
        do throws(TemplateError) {
            let expression = try parser.expression(depth: 0, leaf: leaf)
            parser.skipSpaces()
            guard parser.position == parser.characters.count else {
                throw parser.fail("unexpected '\(String(parser.characters[parser.position...]))' after the colour")
            }
            return .success(expression)
        } catch {
            return .failure(error)
        }
    }
}

/// A recursive-descent reader of colour functions; leaves are handed back whole.
struct ColorExpressionParser {
    let characters: [Character]
    let source: String
    var position = 0

    /// An error whose message quotes the whole colour.
    func fail(_ message: String) -> TemplateError {
        TemplateError(message: "\(message) in colour \"\(source)\"")
    }

    mutating func skipSpaces() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    /// The text up to the next `,` or `)` outside braces, trimmed.
    private mutating func argumentText() -> String {
        skipSpaces()
        var text = ""
        var braces = 0
        while position < characters.count {
            let character = characters[position]
            if braces == 0, character == "," || character == ")" { break }
            if character == "{" { braces += 1 }
            if character == "}" { braces = max(0, braces - 1) }
            text.append(character)
            position += 1
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    mutating func expression(depth: Int, leaf: (String) -> ColorValue?) throws(TemplateError) -> ColorExpression {
        skipSpaces()
        let start = position
        var name = ""
        while position < characters.count, characters[position].isLetter {
            name.append(characters[position])
            position += 1
        }
        skipSpaces()
        guard !name.isEmpty, position < characters.count, characters[position] == "(" else {
            position = start
            let text = argumentText()
            guard !text.isEmpty else { throw fail("expected a colour") }
            guard let value = leaf(text) else { throw TemplateError(message: "") }
            return .color(value)
        }
        guard ColorExpression.functionNames.contains(name) else {
            let guess = Spelling.closest(to: name, among: ColorExpression.functionNames).map { "; did you mean '\($0)'?" } ?? ""
            throw fail("unknown colour function '\(name)'\(guess) (functions: \(ColorExpression.functionNames.joined(separator: ", ")))")
        }
        guard depth < ColorExpression.maximumDepth else { throw fail("colour functions nested deeper than \(ColorExpression.maximumDepth)") }
        position += 1
        let result: ColorExpression
        switch name {
        case "mix":
            let a = try expression(depth: depth + 1, leaf: leaf)
            try comma(name)
            let b = try expression(depth: depth + 1, leaf: leaf)
            try comma(name)
            result = .mix(a, b, try amount(name))
        case "readable":
            skipSpaces()
            guard characters[position...].starts(with: Array("on:")) else {
                throw fail("readable names its background first: readable(on: BACKGROUND, A, B)")
            }
            position += 3
            let background = try expression(depth: depth + 1, leaf: leaf)
            try comma(name)
            let a = try expression(depth: depth + 1, leaf: leaf)
            try comma(name)
            result = .readable(on: background, a, try expression(depth: depth + 1, leaf: leaf))
        default:
            let a = try expression(depth: depth + 1, leaf: leaf)
            try comma(name)
            let t = try amount(name)
            result = name == "lighten" ? .lighten(a, t) : name == "darken" ? .darken(a, t) : .alpha(a, t)
        }
        skipSpaces()
        guard position < characters.count, characters[position] == ")" else {
            throw fail("expected ')' to close \(name)(")
        }
        position += 1
        return result
    }

    private mutating func comma(_ function: String) throws(TemplateError) {
        skipSpaces()
        guard position < characters.count, characters[position] == "," else {
            throw fail("\(function)() needs more arguments: \(Self.usage[function] ?? function)")
        }
        position += 1
    }

    /// An amount from 0 to 1, written as a number (`0.4`) or a percentage (`40%`).
    private mutating func amount(_ function: String) throws(TemplateError) -> Double {
        let text = argumentText()
        let percent = text.hasSuffix("%")
        guard let number = Double(percent ? String(text.dropLast()) : text), number.isFinite else {
            throw fail("'\(text)' is not an amount; \(function)() takes a number from 0 to 1 or a percentage: \(Self.usage[function] ?? function)")
        }
        let value = percent ? number / 100 : number
        guard (0...1).contains(value) else {
            throw fail("\(function)() takes an amount from 0 to 1 (0% to 100%), found \(text)")
        }
        return value
    }

    static let usage = [
        "mix": "mix(A, B, t)", "lighten": "lighten(A, t)", "darken": "darken(A, t)", "alpha": "alpha(A, t)",
        "readable": "readable(on: BACKGROUND, A, B)",
    ]
}
