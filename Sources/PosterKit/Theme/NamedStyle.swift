/// A named style (`styles: { body: { font, size, color } }`): keys an element takes
/// with `style: "body"` unless it sets them itself.
///
/// A style is a set of element keys written once, so a value is checked where the
/// style writes it, for each element type that uses it.
struct NamedStyle {
    /// The style's name.
    let name: String
    /// Where the style is written (`styles.body`), for reports.
    let path: JSONPath
    /// The keys and values, in file order.
    let members: [JSONNode.Member]

    /// Keys no style may set: what an element is and what names it, and `style` itself.
    static let excludedKeys: Set<String> = ["type", "id", "style"]

    /// Whether `name` can name a style: a letter, then letters, digits, `_` or `-`.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter, name.count <= 64 else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }
}

extension Theme {
    /// Reads `styles`: each entry an object of element keys. A key no element type
    /// reads is reported here, with a suggestion; values are checked where used.
    static func readStyles(_ object: ObjectReader, context: ThemeReadContext) -> [String: NamedStyle] {
        guard object.keys.count <= ThemeLimits.maximumStyles else {
            object.report("more than \(ThemeLimits.maximumStyles) styles")
            for key in object.keys { object.declare(key) }
            return [:]
        }
        let registry = context.registry
        let knownKeys = Set(ElementNode.commonKeys + registry.typeNames.flatMap { registry.properties(of: $0) ?? [] })
            .subtracting(NamedStyle.excludedKeys)
        var styles: [String: NamedStyle] = [:]
        for name in object.keys {
            object.declare(name)
            guard let node = object.node(for: name) else { continue }
            guard NamedStyle.isValidName(name) else {
                object.report("style name '\(String(name.prefix(64)))' must start with a letter and be letters, digits, _ and -", for: name)
                continue
            }
            guard let members = node.members else {
                object.report("expected an object of element keys, such as { font: \"Smiley Sans\", size: 24 }, found \(node.summary)", for: name)
                continue
            }
            let path = object.path(for: name)
            var kept: [JSONNode.Member] = []
            for member in members {
                if member.key.hasPrefix("$") || member.key.hasPrefix("//") { continue }
                if NamedStyle.excludedKeys.contains(member.key) {
                    object.diagnostics.error(
                        "a style cannot set \(JSONNode.quote(member.key)); write it on the element",
                        path: path.appending(member.key), location: member.keyLocation)
                    continue
                }
                guard knownKeys.contains(member.key) else {
                    var message = "unknown key \(JSONNode.quote(member.key)): no element type reads it"
                    if let suggestion = ObjectReader.suggestion(for: member.key, among: knownKeys) {
                        message += "; did you mean \(JSONNode.quote(suggestion))?"
                    }
                    object.diagnostics.error(message, path: path.appending(member.key), location: member.keyLocation)
                    continue
                }
                kept.append(member)
            }
            styles[name] = NamedStyle(name: name, path: path, members: kept)
        }
        return styles
    }
}

extension ThemeReadContext {
    /// The element's reader with the keys of the styles it names merged in: its own
    /// keys win, a later style wins over an earlier one. A style key the element's type
    /// does not read is reported at the style; `object` itself is returned unchanged
    /// when it names no style.
    func applyingStyles(to object: ObjectReader, typeName: String, typeKeys: Set<String>) -> ObjectReader {
        guard object.hasValue("style"), let node = object.node(for: "style") else { return object }
        var names: [(name: String, location: SourceLocation)] = []
        if let single = node.stringValue {
            names = [(single, node.location)]
        } else if let items = node.arrayValue, items.allSatisfy({ $0.stringValue != nil }), !items.isEmpty {
            names = items.map { ($0.stringValue ?? "", $0.location) }
        } else {
            object.report("expected a style name or a list of style names, found \(node.summary)", for: "style")
            return object
        }
        if names.count > ThemeLimits.maximumStylesPerElement {
            object.report("an element may name at most \(ThemeLimits.maximumStylesPerElement) styles, found \(names.count)", for: "style")
            return object
        }
        var merged: [String: JSONNode.Member] = [:]
        var order: [String] = []
        var origins: [String: JSONPath] = [:]
        for (name, location) in names {
            guard let style = styles[name] else {
                let known = styles.keys.sorted()
                var message = "unknown style '\(name)'"
                if let suggestion = ObjectReader.suggestion(for: name, among: known) {
                    message += "; did you mean '\(suggestion)'?"
                } else if known.isEmpty {
                    message += "; the theme has no 'styles'"
                } else {
                    message += "; the theme's styles: \(known.joined(separator: ", "))"
                }
                diagnostics.error(message, path: object.path(for: "style"), location: location)
                continue
            }
            for member in style.members {
                guard typeKeys.contains(member.key) else {
                    diagnostics.error(
                        "style '\(name)' sets \(JSONNode.quote(member.key)), which a \(typeName) element does not have (\(object.path) uses the style)",
                        path: style.path.appending(member.key), location: member.keyLocation)
                    continue
                }
                if merged[member.key] == nil { order.append(member.key) }
                merged[member.key] = member
                origins[member.key] = style.path.appending(member.key)
            }
        }
        // The element's own keys win; keys its type does not read stay with `object`,
        // which reports them as unknown.
        for key in object.keys where typeKeys.contains(key) {
            guard let value = object.node(for: key), let keyLocation = object.keyLocation(for: key) else { continue }
            if merged[key] == nil { order.append(key) }
            merged[key] = JSONNode.Member(key: key, keyLocation: keyLocation, value: value)
            origins[key] = nil
        }
        let members = order.compactMap { merged[$0] }
        return ObjectReader(JSONNode(.object(members), at: object.node.location), path: object.path,
                            diagnostics: object.diagnostics, origins: origins)
    }
}
