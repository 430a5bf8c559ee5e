import Foundation

/// A text with `{name}` placeholders, parsed once when the theme loads.
///
/// `{{` and `}}` stand for literal braces. Placeholder names are checked against
/// the known names at load time, so a typo is a validation error, not a blank.
public struct Template: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    let parts: [Part]

    init(parts: [Part]) {
        self.parts = parts
    }

    /// A template that is plain text, drawn as written.
    public init(literal text: String) {
        parts = text.isEmpty ? [] : [.literal(text)]
    }

    /// The placeholder names the template uses.
    public var names: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// Whether the template is plain text with no placeholders.
    public var isLiteral: Bool { names.isEmpty }

    /// Parses a template; returns a message describing the problem when it is malformed.
    public static func parse(_ source: String) -> Result<Template, TemplateError> {
        var parts: [Part] = []
        var literal = ""
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            let next = source.index(after: index)
            if character == "{", next < source.endIndex, source[next] == "{" {
                literal.append("{")
                index = source.index(after: next)
            } else if character == "}", next < source.endIndex, source[next] == "}" {
                literal.append("}")
                index = source.index(after: next)
            } else if character == "{" {
                guard let close = source[next...].firstIndex(of: "}") else {
                    return .failure(TemplateError(message: "unclosed '{' in \"\(source)\"; write {{ for a literal brace"))
                }
                let name = source[next..<close].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else {
                    return .failure(TemplateError(message: "'{\(source[next..<close])}' is not a placeholder name"))
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.placeholder(name))
                index = source.index(after: close)
            } else if character == "}" {
                return .failure(TemplateError(message: "stray '}' in \"\(source)\"; write }} for a literal brace"))
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(Template(parts: parts))
    }

    /// The most UTF-8 bytes a rendered template may have; the rest is cut.
    ///
    /// Theme-determined expansion is refused at load beyond
    /// `ThemeLimits.maximumExpandedBytes`; only user fields repeated many times can
    /// reach this, and text shaping keeps far less (`TextShaper.maximumScalars`), so
    /// the cut never changes what is drawn. It keeps one bind from growing without bound.
    public static let maximumRenderedBytes = 1 << 18

    /// The text with every placeholder replaced by its value, cut (between
    /// characters) at `maximumRenderedBytes`.
    public func render(_ values: BindingValues) -> String {
        var text = ""
        var bytes = 0
        for part in parts {
            let piece: String
            switch part {
            case .literal(let literal): piece = literal
            case .placeholder(let name): piece = values[name]
            }
            let count = piece.utf8.count
            if bytes + count > Self.maximumRenderedBytes {
                var room = Self.maximumRenderedBytes - bytes
                for character in piece {
                    let size = character.utf8.count
                    guard size <= room else { break }
                    text.append(character)
                    room -= size
                }
                return text
            }
            text += piece
            bytes += count
        }
        return text
    }

    /// The UTF-8 length of the rendered text, with placeholder lengths from `length`
    /// (saturating, so a chain of doublings cannot overflow).
    func expandedBytes(_ length: (String) -> Int) -> Int {
        var total = 0
        for part in parts {
            let count: Int
            switch part {
            case .literal(let literal): count = literal.utf8.count
            case .placeholder(let name): count = length(name)
            }
            let (sum, overflow) = total.addingReportingOverflow(count)
            total = overflow ? Int.max : sum
        }
        return total
    }
}

/// Why a template could not be parsed.
public struct TemplateError: Error, Sendable, Hashable {
    /// A message for the theme author.
    public let message: String
}
