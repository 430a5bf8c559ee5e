import Foundation
import PosterFiles
import PosterKit

/// Where each element of a theme file is written: its JSON path and line and column,
/// found by the element's label (its `id`, or its JSON path, as reports name it).
///
/// Read from the theme file itself (every object with a `type` member), so a finding
/// links to the line whatever the element type, plugins included.
struct ElementSources: Sendable {
    /// One element's place in the file.
    struct Source: Sendable, Hashable {
        /// The JSON path, such as `elements[3].children[1]`.
        let path: String
        let line: Int
        let column: Int
    }

    private var byPath: [String: Source] = [:]
    private var byID: [String: Source] = [:]

    /// The elements of the theme file at `file`; none when it cannot be read or parsed.
    init(file: URL) {
        guard let data = RegularFileBytes.read(file.path, limit: ThemeLimits.maximumFileBytes),
              let root = try? JSON5Parser(options: .init(maxDepth: 192, maxSize: 4 << 20)).parse(data)
        else { return }
        var budget = 100_000
        collect(root, path: .root, budget: &budget)
    }

    /// The place of the element a report labels `label`.
    func source(of label: String) -> Source? {
        byPath[label] ?? byID[label]
    }

    private mutating func collect(_ node: JSONNode, path: JSONPath, budget: inout Int) {
        budget -= 1
        guard budget > 0 else { return }
        if let members = node.members {
            if node["type"]?.stringValue != nil {
                let source = Source(path: path.description, line: node.location.line, column: node.location.column)
                byPath[source.path] = source
                // The first element with an id keeps it, as the file reads top to bottom.
                if let id = node["id"]?.stringValue, byID[id] == nil { byID[id] = source }
            }
            for member in members { collect(member.value, path: path.appending(member.key), budget: &budget) }
        } else if let items = node.arrayValue {
            for (index, item) in items.enumerated() { collect(item, path: path.appending(index), budget: &budget) }
        }
    }
}
