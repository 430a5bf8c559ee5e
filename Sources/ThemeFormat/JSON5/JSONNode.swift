/// A 1-based position in a source file.
///
/// Columns count Unicode scalars rather than bytes, so a line with accented
/// text still points at the character an editor shows.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a location from 1-based line and column numbers.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders locations as they appear in the file.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, the form editors and compilers understand.
    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON5 value together with the location where it starts.
///
/// Equality compares locations too, because two nodes from different places
/// are different nodes as far as diagnostics are concerned.
public struct JSONNode: Sendable, Equatable {
    /// The shape and content of a value.
    public enum Kind: Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number; `exact` holds the integer when the literal denotes one that
        /// fits in `Int`, so counts and indices never round-trip through `Double`.
        case number(Double, exact: Int?)
        /// A string with escapes already resolved.
        case string(String)
        /// An array, in source order.
        case array([JSONNode])
        /// An object, in source order; keys are unique.
        case object([Member])
    }

    /// One `key: value` pair of an object.
    public struct Member: Sendable, Equatable {
        /// The key with escapes resolved.
        public let key: String
        /// Where the key starts, which is where problems with the member are reported.
        public let keyLocation: SourceLocation
        /// The member's value.
        public let value: JSONNode

        /// Creates a member.
        public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// What the node holds.
    public let value: Kind
    /// Where the value starts (its first character, or the opening bracket).
    public let location: SourceLocation

    /// Creates a node; the parser is the usual source, tests and defaults the others.
    public init(_ value: Kind, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension JSONNode {
    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The value if it is a boolean.
    public var boolValue: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The value if it is a number.
    public var doubleValue: Double? {
        if case .number(let number, _) = value { return number }
        return nil
    }

    /// The value if it is a number that is exactly an `Int`.
    public var intValue: Int? {
        if case .number(_, let exact) = value { return exact }
        return nil
    }

    /// The value if it is a string.
    public var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The elements if the value is an array.
    public var arrayValue: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    /// The members if the value is an object.
    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The value of `key` if this is an object that has it.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }

    /// The element at `index` if this is an array long enough to have it.
    public subscript(index: Int) -> JSONNode? {
        guard let items = arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The kind of value with an article, for "expected …" messages: "a number", "an object".
    public var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A short rendering for "found …" in messages; long strings are cut so one
    /// bad paragraph does not swamp the report.
    public var summary: String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number, let exact): return exact.map(String.init) ?? Self.format(number)
        case .string(let text): return Self.quote(text, limit: 40)
        case .array(let items): return items.isEmpty ? "an empty array" : "an array"
        case .object: return "an object"
        }
    }

    /// Formats a number without a pointless `.0`, as designers wrote it.
    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int(number))
        }
        return "\(number)"
    }

    /// Double-quotes `text` with JSON escapes, cut to `limit` characters (for messages).
    package static func quote(_ text: String, limit: Int = .max) -> String {
        var out = "\""
        for (offset, character) in text.enumerated() {
            if offset == limit {
                out += "…"
                break
            }
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\r\n": out += "\\r\\n"
            case "\t": out += "\\t"
            default:
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                   scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.append(character)
                }
            }
        }
        return out + "\""
    }

    /// Four uppercase hex digits, as in `\u0009` and `U+0009`.
    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }
}
