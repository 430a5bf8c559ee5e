/// `use`: draws a component at `x`, `y`, as a group of its elements with the
/// parameters of `with` filled in.
///
/// ```json5
/// { type: "use", component: "lineItem", x: 24, y: 300, with: { dim: "s", label: "摸鱼" } }
/// ```
///
/// Reading a use reads the component's elements afresh, so the theme's element count,
/// nesting and every check see each use in full. What it makes is a plain `group`, so
/// layout, the lints and the cost budget need to know nothing of components.
enum ComponentUse {
    /// The type name theme files use.
    static let typeName = "use"
    /// The keys a use reads besides the common ones.
    static let propertyNames = ["component", "with"]

    /// Reads a use into the group it draws; an empty group when it cannot.
    @Sendable static func expand(_ reader: ElementReader) -> any PosterElement {
        let object = reader.object
        let context = reader.context
        let name = object.requiredString("component")
        let with = object.object("with")
        guard !name.isEmpty else { return context.emptyGroup(at: object) }
        guard let component = context.components[name] else {
            let known = context.components.keys.sorted()
            var message = "unknown component '\(name)'"
            if let suggestion = ObjectReader.suggestion(for: name, among: known) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += known.isEmpty ? "; the theme has no 'components'" : "; the theme's components: \(known.joined(separator: ", "))"
            }
            object.report(message, for: "component")
            if let with { for key in with.keys { with.declare(key) } }
            return context.emptyGroup(at: object)
        }
        context.usedComponents.insert(name)
        var values: [String: JSONNode] = [:]
        if let with {
            for key in with.keys {
                with.declare(key)
                guard component.parameterNames.contains(key) else {
                    var message = "component '\(name)' has no parameter '\(key)'"
                    if let suggestion = ObjectReader.suggestion(for: key, among: component.parameterNames) {
                        message += "; did you mean '\(suggestion)'?"
                    } else {
                        message += component.parameters.isEmpty ? "; it declares none" : "; its parameters: \(component.parameterNames.joined(separator: ", "))"
                    }
                    with.report(message, for: key)
                    continue
                }
                guard let value = with.node(for: key) else { continue }
                switch value.value {
                case .string, .number, .bool: values[key] = value
                default: with.report("a parameter's value is a string, a number, true or false, found \(value.summary)", for: key)
                }
            }
        }
        let missing = component.parameters.filter { $0.defaultValue == nil && values[$0.name] == nil }.map(\.name)
        if !missing.isEmpty {
            object.report("component '\(name)' needs \(missing.map { "'\($0)'" }.joined(separator: ", ")) in 'with' (no default)", for: with == nil ? nil : "with")
            return context.emptyGroup(at: object)
        }
        if let cycle = context.expanding.firstIndex(of: name) {
            let chain = (context.expanding[cycle...] + [name]).joined(separator: " -> ")
            object.report("components use each other in a cycle: \(chain)", for: "component")
            return context.emptyGroup(at: object)
        }
        return context.expand(component, with: values, at: object) ?? context.emptyGroup(at: object)
    }
}

extension ThemeReadContext {
    /// Reads the component's elements with `values` (over its defaults) filled in, as
    /// the children of a group; `use` is the use element, nil to check a component no
    /// layout uses. Nil when the expansion budget is spent (reported).
    func expand(_ component: ThemeComponent, with values: [String: JSONNode], at use: ObjectReader?) -> GroupElement? {
        var filled: [String: JSONNode] = [:]
        for parameter in component.parameters { filled[parameter.name] = values[parameter.name] ?? parameter.defaultValue }
        var substitution = ParameterSubstitution(values: filled, budget: expansionBudget)
        let copied = substitution.apply(component.elements)
        expansionBudget = max(0, substitution.budget)
        guard let copied else {
            let message = "components expand to more than \(ThemeLimits.maximumExpansionUnits >> 20) MiB of theme text; use them less or make them smaller"
            if let use { use.report(message, for: "component") } else { diagnostics.error(message, path: component.path) }
            return nil
        }
        // The children's paths go back to where the component is written, after the use
        // that drew them, so a report names both.
        let written = component.path.appending("elements")
        let childrenPath = use.map { JSONPath($0.path.components + [.via("use of \(component.path)")] + written.components) } ?? written
        let node = JSONNode(.object([JSONNode.Member(key: "children", keyLocation: copied.location, value: copied)]),
                            at: use?.node.location ?? copied.location)
        let object = ObjectReader(node, path: use?.path ?? component.path, diagnostics: diagnostics,
                                  origins: ["children": childrenPath])
        expanding.append(component.name)
        defer { expanding.removeLast() }
        let group = GroupElement(from: ElementReader(object: object, context: self))
        object.finish()
        return group
    }

    /// A group with nothing in it, for a use that cannot be drawn (already reported).
    func emptyGroup(at object: ObjectReader) -> GroupElement {
        let empty = ObjectReader(JSONNode(.object([]), at: object.node.location), path: object.path, diagnostics: diagnostics)
        return GroupElement(from: ElementReader(object: empty, context: self))
    }
}
