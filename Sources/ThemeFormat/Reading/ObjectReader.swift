/// Reads typed settings out of one JSON object, recording every problem in a
/// shared `Diagnostics` instead of stopping at the first.
///
/// Every read names its key, which marks the key as known; `finish()` then
/// reports keys nobody asked for, which is how typos such as `widht` surface.
/// Reads never throw: a bad value is reported and the default returned, so one
/// pass over a theme finds all its problems.
public final class ObjectReader {
    /// The object being read, or the non-object value found in its place.
    public let node: JSONNode
    /// Where the object sits in the document.
    public let path: JSONPath
    /// Where problems are recorded.
    public let diagnostics: Diagnostics
    /// Whether `node` is an object. If not, that was reported once, and all reads
    /// quietly return their defaults rather than repeat the complaint per key.
    public let isObject: Bool

    private let members: [JSONNode.Member]
    private let memberIndex: [String: Int]
    /// Paths of members written elsewhere (a named style's keys), reported there.
    private let origins: [String: JSONPath]
    private var knownKeys: Set<String> = []
    private var children: [ObjectReader] = []
    private var isFinished = false

    /// Starts reading `node`, reporting at once if it is not an object. `origins`
    /// gives the path of a member written somewhere else (a key merged in from a
    /// named style), so problems with its value are reported where it was written.
    public init(_ node: JSONNode, path: JSONPath = .root, diagnostics: Diagnostics, origins: [String: JSONPath] = [:]) {
        self.node = node
        self.path = path
        self.diagnostics = diagnostics
        self.origins = origins
        if case .object(let members) = node.value {
            self.members = members
            isObject = true
        } else {
            members = []
            isObject = false
            diagnostics.error("expected an object, found \(node.summary)", path: path, location: node.location)
        }
        // Hand-built nodes may repeat keys; the first wins, as in the parser's error.
        memberIndex = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The keys present, in source order.
    public var keys: [String] { members.map(\.key) }

    /// Whether `key` is present; a pure query that does not mark the key as read.
    public func contains(_ key: String) -> Bool {
        memberIndex[key] != nil
    }

    /// Marks keys as understood without reading them, e.g. keys handled elsewhere
    /// or reserved; they also become did-you-mean candidates.
    public func declare(_ keys: String...) {
        knownKeys.formUnion(keys)
    }

    /// The raw value of `key`, marking the key as read; nil when absent. The
    /// escape hatch for values no typed read covers.
    public func node(for key: String) -> JSONNode? {
        knownKeys.insert(key)
        return memberIndex[key].map { members[$0].value }
    }

    /// The location of `key` itself, for reports about the member rather than its value.
    public func keyLocation(for key: String) -> SourceLocation? {
        memberIndex[key].map { members[$0].keyLocation }
    }

    /// The path of `key` inside this object.
    public func path(for key: String) -> JSONPath {
        origins[key] ?? path.appending(key)
    }

    /// Records a problem the typed reads cannot see, such as one value
    /// contradicting another; about `key`'s value if given, else the object.
    public func report(_ message: String, for key: String? = nil, severity: Diagnostic.Severity = .error) {
        let location = key.flatMap { memberIndex[$0] }.map { members[$0].value.location } ?? node.location
        diagnostics.append(Diagnostic(
            path: key.map(path(for:)) ?? path, location: location, message: message, severity: severity))
    }

    /// A reader for the object nested at `key`; nil when absent or null, and
    /// reported (then nil) when it is something else.
    public func object(_ key: String) -> ObjectReader? {
        guard let found = node(for: key), !found.isNull else { return nil }
        return child(found, key: key)
    }

    /// Like `object(_:)`, but a missing object is reported too.
    public func requiredObject(_ key: String) -> ObjectReader? {
        guard let found = node(for: key) else {
            reportMissing(key, expected: "an object")
            return nil
        }
        return child(found, key: key)
    }

    /// The elements of the array at `key`; nil when absent or null, and
    /// reported (then nil) when it is something else.
    public func array(_ key: String) -> [JSONNode]? {
        guard let found = node(for: key), !found.isNull else { return nil }
        guard let items = found.arrayValue else {
            mismatch(key, found, expected: "an array")
            return nil
        }
        return items
    }

    /// Readers for an array of objects such as `elements`; elements that are not
    /// objects are reported and left out, so callers only see usable ones.
    public func objectArray(_ key: String) -> [ObjectReader]? {
        guard let items = array(key) else { return nil }
        var readers: [ObjectReader] = []
        for (index, item) in items.enumerated() {
            guard item.members != nil else {
                diagnostics.error(
                    "expected an object, found \(item.summary)", path: path(for: key).appending(index), location: item.location)
                continue
            }
            let reader = ObjectReader(item, path: path(for: key).appending(index), diagnostics: diagnostics)
            children.append(reader)
            readers.append(reader)
        }
        return readers
    }

    /// Reports every key that was neither read nor declared, with the closest
    /// known key as a suggestion; then finishes the nested readers this one made.
    /// Keys starting with `$` (`$schema`) or `//` (comment keys) are metadata
    /// and never reported. Calling it again does nothing.
    public func finish(unknownKeySeverity: Diagnostic.Severity = .error) {
        guard !isFinished else { return }
        isFinished = true
        for member in members where !knownKeys.contains(member.key) {
            guard !member.key.hasPrefix("$"), !member.key.hasPrefix("//") else { continue }
            var message = "unknown key \(JSONNode.quote(member.key))"
            if let suggestion = Self.suggestion(for: member.key, among: knownKeys) {
                message += "; did you mean \(JSONNode.quote(suggestion))?"
            }
            diagnostics.append(Diagnostic(
                path: path(for: member.key), location: member.keyLocation, message: message, severity: unknownKeySeverity))
        }
        for child in children {
            child.finish(unknownKeySeverity: unknownKeySeverity)
        }
    }

    // MARK: - Shared by the typed reads

    func child(_ found: JSONNode, key: String) -> ObjectReader? {
        guard found.members != nil else {
            mismatch(key, found, expected: "an object")
            return nil
        }
        let reader = ObjectReader(found, path: path(for: key), diagnostics: diagnostics)
        children.append(reader)
        return reader
    }

    func mismatch(_ key: String, _ found: JSONNode, expected: String) {
        diagnostics.error("expected \(expected), found \(found.summary)", path: path(for: key), location: found.location)
    }

    /// Reported on the object, not the key's path: the key does not exist, so
    /// the object is where it has to be added.
    func reportMissing(_ key: String, expected: String) {
        guard isObject else { return }
        diagnostics.error("missing required key \(JSONNode.quote(key)) (expected \(expected))", path: path, location: node.location)
    }

    /// The closest candidate within a typo's reach (see `Spelling.closest`).
    package static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        Spelling.closest(to: word, among: candidates)
    }
}

extension ObjectReader {
    /// Whether `key` is present with a value other than null (null means "use the default").
    public func hasValue(_ key: String) -> Bool {
        guard let node = members.first(where: { $0.key == key })?.value else { return false }
        return !node.isNull
    }
}
