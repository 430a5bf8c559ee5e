import Foundation

/// A text with `{name}` placeholders, parsed once when the theme loads.
///
/// `{{` and `}}` stand for literal braces. Placeholder names are checked against
/// the known names at load time, so a typo is a validation error, not a blank.
/// A placeholder may carry filters and a default: `{nickname|12|upper ?? 匿名牛马}`
/// (`TemplateFilter`; the default is plain text, used when the filtered value is empty).
public struct Template: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(Placeholder)
    }

    /// One `{…}`: a name, the filters applied left to right, and a default.
    struct Placeholder: Sendable, Hashable {
        let name: String
        var filters: [TemplateFilter] = []
        var fallback: String?

        /// The value as inserted: filtered, then the default if that is empty.
        func value(_ values: BindingValues) -> String {
            var text = values[name]
            for filter in filters { text = filter.apply(text) }
            if let fallback, text.isEmpty { return fallback }
            return text
        }
    }

    let parts: [Part]

    init(parts: [Part]) {
        self.parts = parts
    }

    /// A template that is plain text, drawn as written.
    public init(literal text: String) {
        parts = text.isEmpty ? [] : [.literal(text)]
    }

    /// A template that is one plain placeholder, such as `{link}`.
    init(placeholder name: String) {
        parts = [.placeholder(Placeholder(name: name))]
    }

    /// The placeholder names the template uses.
    public var names: [String] {
        parts.compactMap { if case .placeholder(let placeholder) = $0 { placeholder.name } else { nil } }
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
                switch placeholder(String(source[next..<close])) {
                case .failure(let error): return .failure(error)
                case .success(let placeholder):
                    if !literal.isEmpty { parts.append(.literal(literal)) }
                    literal = ""
                    parts.append(.placeholder(placeholder))
                }
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

    /// Reads what stands between `{` and `}`: `name`, `name|filter|…`, then `?? default`.
    private static func placeholder(_ inner: String) -> Result<Placeholder, TemplateError> {
        var head = Substring(inner)
        var fallback: String?
        if let marker = inner.range(of: "??") {
            head = inner[..<marker.lowerBound]
            let text = inner[marker.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else {
                return .failure(TemplateError(message: "expected a default after '??' in {\(inner)}, e.g. {nickname ?? 匿名}"))
            }
            guard !text.contains("{") else {
                return .failure(TemplateError(message: "the default in {\(inner)} is plain text and cannot hold '{' or a placeholder"))
            }
            fallback = text
        }
        let pieces = head.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let name = pieces[0]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else {
            return .failure(TemplateError(message: "'{\(inner)}' is not a placeholder name"))
        }
        var placeholder = Placeholder(name: name, fallback: fallback)
        for word in pieces.dropFirst() {
            switch TemplateFilter.parse(word, in: inner.trimmingCharacters(in: .whitespaces)) {
            case .failure(let error): return .failure(error)
            case .success(let filter): placeholder.filters.append(filter)
            }
        }
        return .success(placeholder)
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
            case .placeholder(let placeholder): piece = placeholder.value(values)
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
    /// (saturating, so a chain of doublings cannot overflow); filters and defaults
    /// count at their longest (`TemplateFilter.maximumBytes`).
    func expandedBytes(_ length: (String) -> Int) -> Int {
        var total = 0
        for part in parts {
            let count: Int
            switch part {
            case .literal(let literal): count = literal.utf8.count
            case .placeholder(let placeholder):
                var bytes = length(placeholder.name)
                for filter in placeholder.filters { bytes = filter.maximumBytes(bytes) }
                count = max(bytes, placeholder.fallback?.utf8.count ?? 0)
            }
            total = TemplateFilter.adding(total, count)
        }
        return total
    }

    /// The most characters the rendered text has for `values`, where the names in
    /// `unbounded` (the user's own fields) may hold any text: nil when one of them is
    /// printed uncut, else counting a cut one at its `|N`.
    func maximumCharacters(_ values: BindingValues, unbounded: Set<String>) -> Int? {
        var total = 0
        for part in parts {
            switch part {
            case .literal(let literal): total += literal.count
            case .placeholder(let placeholder):
                guard unbounded.contains(placeholder.name) else {
                    total += placeholder.value(values).count
                    continue
                }
                var characters = Int.max
                for filter in placeholder.filters { characters = filter.maximumCharacters(characters) }
                guard characters < Int.max else { return nil }
                total += max(characters, placeholder.fallback?.count ?? 0)
            }
        }
        return total
    }
}

/// Why a template could not be parsed.
public struct TemplateError: Error, Sendable, Hashable {
    /// A message for the theme author.
    public let message: String
}
