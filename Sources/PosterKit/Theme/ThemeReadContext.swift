import Foundation
import PosterGraphics

/// State shared while one theme file is read: the registry, the names placeholders
/// may use, the assets to load and a running element count.
final class ThemeReadContext {
    let registry: ElementRegistry
    let diagnostics: Diagnostics
    let variableNames: Set<String>
    let fontFamilies: Set<String>
    /// Whether the theme ships font files (`fonts`), for messages about families.
    var shipsFonts = false
    /// Named styles (`styles`), by name; set before any layout is read.
    var styles: [String: NamedStyle] = [:]
    /// Components (`components`), by name; set before any layout is read.
    var components: [String: ThemeComponent] = [:]
    /// The components being expanded, outermost first, to refuse a cycle.
    var expanding: [String] = []
    /// The components some layout used.
    var usedComponents: Set<String> = []
    /// What expanding components may still copy (JSON values and string bytes).
    var expansionBudget = ThemeLimits.maximumExpansionUnits
    private(set) var elementCount = 0
    private(set) var assetReferences: [(template: Template, path: JSONPath, location: SourceLocation?)] = []
    private var depth = 0
    /// Every template read outside `variables`, for the expansion check.
    private(set) var boundTemplates: [BoundTemplate] = []
    /// The UTF-8 length of every kept variable (and of code, alias, pack) per variant,
    /// in `ThemeExpansion.variants` order; set once the variables are read.
    var variableLengths: [[String: Int]] = ThemeExpansion.variants.map(\.builtIns)

    /// A template and where the theme wrote it.
    struct BoundTemplate {
        let template: Template
        let what: String
        let path: JSONPath
        let location: SourceLocation?
    }

    init(registry: ElementRegistry, diagnostics: Diagnostics, variableNames: Set<String>, fontFamilies: Set<String>) {
        self.registry = registry
        self.diagnostics = diagnostics
        self.variableNames = variableNames
        self.fontFamilies = fontFamilies
    }

    /// Every name a text template may use.
    var textNames: Set<String> { Set(BindingDescriptor.byName.keys).union(variableNames) }

    /// The names that are fixed per variant (code, alias and pack), usable in colours and asset paths.
    var variantNames: Set<String> { BindingDescriptor.variantNames.union(variableNames) }

    /// The type of a name a theme may use: a built-in's own, text for a theme variable.
    func type(of name: String) -> BindingType? {
        if let descriptor = BindingDescriptor.byName[name] { return descriptor.type }
        return variableNames.contains(name) ? .text : nil
    }

    /// Parses a template and checks every placeholder name against `allowed`.
    func template(_ source: String, key: String, in object: ObjectReader, allowed: Set<String>, what: String) -> Template? {
        switch Template.parse(source) {
        case .failure(let error):
            object.report(error.message, for: key)
            return nil
        case .success(let template):
            if what != "variables" {
                boundTemplates.append(BoundTemplate(
                    template: template, what: Self.singular(what), path: object.path(for: key),
                    location: object.node(for: key)?.location))
            }
            var valid = true
            for name in template.names where !allowed.contains(name) {
                valid = false
                if textNames.contains(name) {
                    object.report("{\(name)} cannot be used in \(what); use {code}, {alias}, {pack} or a theme variable", for: key)
                } else {
                    object.report("unknown placeholder {\(name)}\(suggestion(for: name, among: textNames))", for: key)
                }
            }
            return valid ? template : nil
        }
    }

    private static func singular(_ what: String) -> String {
        switch what {
        case "asset paths": "asset path"
        case "colours": "colour"
        default: what
        }
    }

    /// Parses a condition and checks its names.
    func condition(_ source: String, key: String, in object: ObjectReader) -> Condition? {
        switch Condition.parse(source) {
        case .failure(let error):
            object.report(error.message, for: key)
            return nil
        case .success(let condition):
            var valid = true
            for name in condition.names where !textNames.contains(name) {
                valid = false
                object.report("unknown name '\(name)' in condition\(suggestion(for: name, among: textNames))", for: key)
            }
            for problem in condition.typeProblems(type(of:)) {
                valid = false
                object.report("\(problem), in condition \"\(source)\"", for: key)
            }
            return valid ? condition : nil
        }
    }

    /// Reads a list of child elements, enforcing the element count and depth limits.
    func elements(_ key: String, in object: ObjectReader) -> [ElementNode] {
        guard let readers = object.objectArray(key) else { return [] }
        depth += 1
        defer { depth -= 1 }
        if depth > ThemeLimits.maximumDepth {
            object.report("elements nest deeper than \(ThemeLimits.maximumDepth) levels", for: key)
            return []
        }
        var nodes: [ElementNode] = []
        for reader in readers {
            elementCount += 1
            if elementCount == ThemeLimits.maximumElements + 1 {
                reader.report("more than \(ThemeLimits.maximumElements) elements (each use of a component counts all of its elements); simplify the theme")
            }
            guard elementCount <= ThemeLimits.maximumElements else {
                for key in reader.keys { reader.declare(key) }  // reported once above, not key by key
                continue
            }
            if let node = ElementNode.read(reader, context: self) { nodes.append(node) }
        }
        return nodes
    }

    /// Every colour that varies by variant (a placeholder or a colour function over one), checked for all 32.
    private(set) var boundColors: [(value: ColorValue, path: JSONPath, location: SourceLocation?)] = []

    func registerColor(_ value: ColorValue, path: JSONPath, location: SourceLocation?) {
        boundColors.append((value, path, location))
    }

    func registerAsset(_ template: Template, path: JSONPath, location: SourceLocation?) {
        assetReferences.append((template, path, location))
    }

    func suggestion(for word: String, among candidates: Set<String>) -> String {
        Spelling.closest(to: word, among: candidates).map { "; did you mean {\($0)}?" } ?? ""
    }
}
