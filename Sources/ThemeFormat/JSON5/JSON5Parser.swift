import UTF8Validation
import Foundation

/// Why a JSON5 document could not be parsed, and where.
public struct JSON5SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem was found; for unterminated constructs, where they start.
    public let location: SourceLocation
    /// A sentence a designer can act on, such as `unterminated string: the closing " is missing`.
    public let message: String

    /// Creates an error.
    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(location): \(message)" }
}

/// Parses JSON5 into `JSONNode` trees that remember where every value came from.
///
/// Containers are tracked on an explicit stack rather than by recursion, so
/// no input, however deep, can overflow the call stack; the depth limit exists
/// to keep the tree (and code walking it) sane.
public struct JSON5Parser: Sendable {
    /// Limits and leniencies; the defaults suit hand-written theme files.
    public struct Options: Sendable, Hashable {
        /// How many `{` and `[` may be open at once.
        public var maxDepth: Int
        /// The largest document accepted, in bytes.
        public var maxSize: Int
        /// Whether `Infinity` and `NaN` are accepted; themes never need them, so by default they are errors.
        public var allowsNonFiniteNumbers: Bool

        /// Creates options; by default 64 levels, 1 MiB, finite numbers only.
        public init(maxDepth: Int = 64, maxSize: Int = 1 << 20, allowsNonFiniteNumbers: Bool = false) {
            self.maxDepth = maxDepth
            self.maxSize = maxSize
            self.allowsNonFiniteNumbers = allowsNonFiniteNumbers
        }
    }

    /// The limits this parser applies.
    public var options: Options

    /// Creates a parser.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Parses UTF-8 bytes (a leading byte order mark is allowed).
    public func parse(_ bytes: [UInt8]) throws(JSON5SyntaxError) -> JSONNode {
        try checkSize(bytes.count)
        var scanner = JSON5Scanner(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.skipByteOrderMark() }
        if let offset = bytes.firstInvalidUTF8OffsetValidatingFirst {
            while scanner.index < offset { scanner.advance() }
            throw scanner.error("invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true)); save the file with UTF-8 encoding")
        }
        var document = DocumentParser(scanner: scanner, options: options)
        return try document.parseDocument()
    }

    /// Parses UTF-8 data, checking the size before copying anything.
    public func parse(_ data: Data) throws(JSON5SyntaxError) -> JSONNode {
        try checkSize(data.count)
        return try parse([UInt8](data))
    }

    /// Parses a string, which is already valid Unicode.
    public func parse(_ text: String) throws(JSON5SyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    /// Parses `data`, recording a syntax error in `diagnostics` instead of throwing,
    /// so callers can treat syntax and validation problems alike.
    public func parse(_ data: Data, reportingTo diagnostics: Diagnostics) -> JSONNode? {
        do {
            return try parse(data)
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    private func checkSize(_ count: Int) throws(JSON5SyntaxError) {
        guard count <= options.maxSize else {
            throw JSON5SyntaxError(
                location: SourceLocation(line: 1, column: 1),
                message: "the document is too large: \(count) bytes, the limit is \(options.maxSize) bytes")
        }
    }
}

/// One `{` or `[` still waiting for its closing bracket. Elements are appended
/// in place through the stack so that long arrays stay linear to build.
private struct OpenContainer {
    let start: SourceLocation
    let isObject: Bool
    var items: [JSONNode] = []
    var members: [JSONNode.Member] = []
    var keyLocations: [String: SourceLocation] = [:]
    var pendingKey = ""
    var pendingKeyLocation = SourceLocation(line: 1, column: 1)
}

/// The state of one parse: a scanner plus the stack of open containers.
private struct DocumentParser {
    var scanner: JSON5Scanner
    let options: JSON5Parser.Options
    var stack: [OpenContainer] = []

    init(scanner: JSON5Scanner, options: JSON5Parser.Options) {
        self.scanner = scanner
        self.options = options
    }

    mutating func parseDocument() throws(JSON5SyntaxError) -> JSONNode {
        try scanner.skipTrivia()
        guard !scanner.isAtEnd else { throw scanner.error("the document is empty; expected a value such as { … }") }
        while true {
            guard var node = try beginValue() else { continue }
            // Hand the finished value to its container; each container it completes is itself a finished value.
            while true {
                guard !stack.isEmpty else {
                    try scanner.skipTrivia()
                    guard scanner.isAtEnd else {
                        throw scanner.error("unexpected \(scanner.describeToken()) after the end of the document")
                    }
                    return node
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append(JSONNode.Member(
                        key: stack[top].pendingKey, keyLocation: stack[top].pendingKeyLocation, value: node))
                } else {
                    stack[top].items.append(node)
                }
                guard let closed = try readSeparator() else { break }
                node = closed
            }
        }
    }

    /// Parses a scalar, or opens a container and returns nil while its first element is pending.
    private mutating func beginValue() throws(JSON5SyntaxError) -> JSONNode? {
        try scanner.skipTrivia()
        let start = scanner.location
        switch scanner.current {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = scanner.current == UInt8(ascii: "{")
            guard stack.count < options.maxDepth else {
                throw scanner.error("nesting is too deep: more than \(options.maxDepth) levels of '{' and '['")
            }
            scanner.advance()
            try scanner.skipTrivia()
            if scanner.current == UInt8(ascii: isObject ? "}" : "]") {
                scanner.advance()
                return JSONNode(isObject ? .object([]) : .array([]), at: start)
            }
            stack.append(OpenContainer(start: start, isObject: isObject))
            if isObject { try readKey() }
            return nil
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return JSONNode(.string(try scanner.scanString()), at: start)
        case .some(UInt8(ascii: "0")...UInt8(ascii: "9")), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return JSONNode(try scanner.scanNumber(allowingNonFinite: options.allowsNonFiniteNumbers), at: start)
        default:
            guard scanner.isAtIdentifierStart else { throw unexpected(expecting: "a value") }
            let word = try scanner.scanIdentifier()
            switch word {
            case "true", "false": return JSONNode(.bool(word == "true"), at: start)
            case "null": return JSONNode(.null, at: start)
            case "Infinity", "NaN":
                guard options.allowsNonFiniteNumbers else { throw scanner.error("\(word) is not allowed; use a finite number", at: start) }
                return JSONNode(.number(word == "NaN" ? .nan : .infinity, exact: nil), at: start)
            default:
                throw scanner.error("unexpected word '\(word)'; text values must be quoted, e.g. \"\(word)\"", at: start)
            }
        }
    }

    /// Reads what follows an element: a comma (perhaps trailing) or the closing
    /// bracket. Returns the container once it closes.
    private mutating func readSeparator() throws(JSON5SyntaxError) -> JSONNode? {
        let isObject = stack[stack.count - 1].isObject
        let closing = UInt8(ascii: isObject ? "}" : "]")
        try scanner.skipTrivia()
        if scanner.current == UInt8(ascii: ",") {
            scanner.advance()
            try scanner.skipTrivia()
            if scanner.current != closing {
                if isObject { try readKey() }
                return nil
            }
        } else if scanner.current != closing {
            throw unexpected(expecting: isObject ? "',' or '}' after object member" : "',' or ']' after array element")
        }
        scanner.advance()
        let container = stack.removeLast()
        return JSONNode(isObject ? .object(container.members) : .array(container.items), at: container.start)
    }

    /// Reads `key:` for the innermost object, rejecting a key it already has.
    private mutating func readKey() throws(JSON5SyntaxError) {
        try scanner.skipTrivia()
        let location = scanner.location
        let key: String
        if scanner.current == UInt8(ascii: "\"") || scanner.current == UInt8(ascii: "'") {
            key = try scanner.scanString()
        } else if scanner.isAtIdentifierStart {
            key = try scanner.scanIdentifier()
        } else {
            throw unexpected(expecting: "a key (a name or a quoted string)")
        }
        let top = stack.count - 1
        if let first = stack[top].keyLocations[key] {
            throw scanner.error(
                "duplicate key \(JSONNode.quote(key)) on line \(location.line); it is already defined on line \(first.line)",
                at: location)
        }
        stack[top].keyLocations[key] = location
        stack[top].pendingKey = key
        stack[top].pendingKeyLocation = location
        try scanner.skipTrivia()
        guard scanner.current == UInt8(ascii: ":") else {
            throw unexpected(expecting: "':' after key \(JSONNode.quote(key))")
        }
        scanner.advance()
    }

    /// "expected X, found Y"; at the end of input it names the bracket left open,
    /// which is where the fix usually belongs.
    private func unexpected(expecting expected: String) -> JSON5SyntaxError {
        if scanner.isAtEnd, let open = stack.last {
            let bracket = open.isObject ? "{" : "["
            return scanner.error(
                "unexpected end of input: the '\(bracket)' on line \(open.start.line), column \(open.start.column) is never closed")
        }
        return scanner.error("expected \(expected), found \(scanner.describeToken())")
    }
}
