/// Where a value sits inside a document, such as `elements[3].font.size`.
///
/// Paths complement line numbers: after a designer moves things around, the
/// path still says which element was meant.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step: an object key or an array index.
    public enum Component: Sendable, Hashable, CustomStringConvertible,
        ExpressibleByStringLiteral, ExpressibleByIntegerLiteral
    {
        /// A member of an object.
        case key(String)
        /// An element of an array, counted from 0.
        case index(Int)
        /// A jump back to the document root, after the place that led there: the
        /// path of an element a component expands into starts at its use site,
        /// then continues at the component's own elements (`"use of components.row"`).
        case via(String)

        /// Creates a key component from a string literal.
        public init(stringLiteral value: String) {
            self = .key(value)
        }

        /// Creates an index component from an integer literal.
        public init(integerLiteral value: Int) {
            self = .index(value)
        }

        /// The component as it appears after a dot or in brackets.
        public var description: String {
            switch self {
            case .key(let key): return JSONPath.isPlainKey(key) ? key : "[\(JSONNode.quote(key))]"
            case .index(let index): return "[\(index)]"
            case .via(let label): return " (\(label)) → "
            }
        }
    }

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// The document's top-level value.
    public static let root = JSONPath()

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Creates a path from literals: `["elements", 3, "font"]`.
    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// Whether this is the root path.
    public var isRoot: Bool { components.isEmpty }

    /// The path one step up, or nil for the root.
    public var parent: JSONPath? {
        isRoot ? nil : JSONPath(Array(components.dropLast()))
    }

    /// The path of a member of the object at this path.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// The path of an element of the array at this path.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// The path of any step below this one.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// The node this path leads to inside `root`, if any.
    public func resolve(in root: JSONNode) -> JSONNode? {
        var node = root
        for component in components {
            switch component {
            case .key(let key): guard let next = node[key] else { return nil }; node = next
            case .index(let index): guard let next = node[index] else { return nil }; node = next
            case .via: node = root
            }
        }
        return node
    }

    /// `$` for the root; otherwise keys joined by dots, with indices and
    /// keys that are not plain names in brackets: `variables["my key"][0]`. A
    /// `via` step reads `elements[4] (use of components.row) → components.row.elements[1]`.
    public var description: String {
        guard !components.isEmpty else { return "$" }
        var text = ""
        var atStart = true
        for component in components {
            if case .key(let key) = component, Self.isPlainKey(key), !atStart {
                text += "."
            }
            text += component.description
            if case .via = component { atStart = true } else { atStart = false }
        }
        return text
    }

    /// The path from the last `via` step on: where in the file the value is written.
    public var written: JSONPath {
        guard let last = components.lastIndex(where: { if case .via = $0 { true } else { false } }) else { return self }
        return JSONPath(Array(components[(last + 1)...]))
    }

    /// Keys that read unambiguously after a dot: a letter, `_` or `$`, then those or digits.
    static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.first, first.isLetter || first == "_" || first == "$" else { return false }
        return key.allSatisfy { $0.isLetter || $0 == "_" || $0 == "$" || ("0"..."9").contains($0) }
    }
}
