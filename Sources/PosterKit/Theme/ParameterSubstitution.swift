/// Fills a component's `{param.name}` references into a copy of its elements,
/// before any placeholder is read: `"{percent.{param.dim}}"` with `dim: "c"`
/// becomes `"{percent.c}"`, which the template reader then sees as usual.
///
/// A string that is exactly one reference takes the parameter's value as it is,
/// so `x: "{param.x}"` with `x: 24` is the number 24. `{{` stays a literal brace,
/// as in templates, so `"{{param.x}}"` prints `{param.x}`.
struct ParameterSubstitution {
    /// The values by parameter name.
    let values: [String: JSONNode]
    /// What the copy may still cost (one unit per JSON value, plus string bytes).
    var budget: Int

    /// The marker every reference starts with.
    static let prefix = "{param."

    /// A copy of `node` with every reference filled in; nil once the budget is spent.
    mutating func apply(_ node: JSONNode) -> JSONNode? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node.value {
        case .string(let text):
            budget -= text.utf8.count
            guard text.contains(Self.prefix) else { return node }
            if let name = Self.wholeReference(text), let value = values[name], value.stringValue == nil {
                return JSONNode(value.value, at: node.location)
            }
            let filled = Self.fill(text) { name in values[name].map(Self.text) ?? "" }
            budget -= filled.utf8.count
            return budget >= 0 ? JSONNode(.string(filled), at: node.location) : nil
        case .array(let items):
            var copied: [JSONNode] = []
            for item in items {
                guard let item = apply(item) else { return nil }
                copied.append(item)
            }
            return JSONNode(.array(copied), at: node.location)
        case .object(let members):
            var copied: [JSONNode.Member] = []
            for member in members {
                guard let value = apply(member.value) else { return nil }
                copied.append(JSONNode.Member(key: member.key, keyLocation: member.keyLocation, value: value))
            }
            return JSONNode(.object(copied), at: node.location)
        case .null, .bool, .number:
            return node
        }
    }

    /// A value as text: strings as they are, numbers as written, `true`/`false`.
    static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text): text
        case .number(let number, let exact): exact.map(String.init) ?? JSONNode.summaryNumber(number)
        case .bool(let flag): flag ? "true" : "false"
        default: ""
        }
    }

    /// The parameter name when `text` is exactly `{param.name}`.
    static func wholeReference(_ text: String) -> String? {
        guard text.hasPrefix(prefix), text.hasSuffix("}") else { return nil }
        let name = text.dropFirst(prefix.count).dropLast()
        return isName(name) ? String(name) : nil
    }

    /// Every parameter name `text` refers to, in order.
    static func names(in text: String) -> [String] {
        var found: [String] = []
        _ = fill(text) { name in
            found.append(name)
            return ""
        }
        return found
    }

    /// `text` with each `{param.name}` replaced by `value(name)`; `{{` is kept as written.
    static func fill(_ text: String, _ value: (String) -> String) -> String {
        var out = ""
        var rest = Substring(text)
        while let brace = rest.firstIndex(of: "{") {
            out += rest[..<brace]
            let tail = rest[brace...]
            if tail.hasPrefix("{{") {
                out += "{{"
                rest = tail.dropFirst(2)
            } else if tail.hasPrefix(prefix), let close = tail.firstIndex(of: "}"),
                      isName(tail[tail.index(brace, offsetBy: prefix.count)..<close]) {
                out += value(String(tail[tail.index(brace, offsetBy: prefix.count)..<close]))
                rest = tail[tail.index(after: close)...]
            } else {
                out += "{"
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }

    /// A parameter name: a letter, then letters, digits and `_`.
    static func isName(_ name: Substring) -> Bool {
        guard let first = name.first, first.isLetter else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

extension JSONNode {
    /// A number as a theme would write it (no pointless `.0`).
    static func summaryNumber(_ number: Double) -> String {
        JSONNode(.number(number, exact: nil), at: SourceLocation(line: 1, column: 1)).summary
    }
}
