/// A component (`components: { lineItem: { params, elements } }`): a group of
/// elements written once and drawn wherever a `use` element names it, with its
/// `{param.name}` references filled in from the use's `with`.
///
/// The elements are kept as written and read afresh at each use, after the
/// parameters are filled in, so every use is checked like any other element: a
/// problem names the use and the component's element
/// (`elements[4] (use of components.lineItem) → components.lineItem.elements[1].size`).
struct ThemeComponent {
    /// The component's name.
    let name: String
    /// Where it is written (`components.lineItem`).
    let path: JSONPath
    /// The parameters in file order, each with its default (nil: every use must give it).
    let parameters: [(name: String, defaultValue: JSONNode?)]
    /// The `elements` array as written.
    let elements: JSONNode

    /// The parameter names.
    var parameterNames: [String] { parameters.map(\.name) }

    /// Whether `name` can name a component: a letter, then letters, digits, `_` or `-`.
    static func isValidName(_ name: String) -> Bool { NamedStyle.isValidName(name) }
}

extension Theme {
    /// Reads `components`: each `{ params: { name: default }, elements: [...] }`. Every
    /// `{param.name}` in the elements must name a declared parameter; the elements
    /// themselves are checked at each use (and once with the defaults if never used).
    static func readComponents(_ object: ObjectReader, context: ThemeReadContext) -> [String: ThemeComponent] {
        guard object.keys.count <= ThemeLimits.maximumComponents else {
            object.report("more than \(ThemeLimits.maximumComponents) components")
            for key in object.keys { object.declare(key) }
            return [:]
        }
        var components: [String: ThemeComponent] = [:]
        for name in object.keys {
            object.declare(name)
            guard ThemeComponent.isValidName(name) else {
                object.report("component name '\(String(name.prefix(64)))' must start with a letter and be letters, digits, _ and -", for: name)
                continue
            }
            guard let entry = object.object(name) else { continue }
            var parameters: [(name: String, defaultValue: JSONNode?)] = []
            if let params = entry.object("params") {
                if params.keys.count > ThemeLimits.maximumParameters {
                    params.report("more than \(ThemeLimits.maximumParameters) parameters")
                }
                for key in params.keys.prefix(ThemeLimits.maximumParameters) {
                    params.declare(key)
                    guard ParameterSubstitution.isName(Substring(key)) else {
                        params.report("parameter name '\(String(key.prefix(64)))' must be letters, digits and _, starting with a letter", for: key)
                        continue
                    }
                    guard let value = params.node(for: key) else { continue }
                    switch value.value {
                    case .string, .number, .bool: parameters.append((key, value))
                    case .null: parameters.append((key, nil))
                    case .array, .object:
                        params.report("a parameter's default is a string, a number, true or false (or null: every use gives it), found \(value.summary)", for: key)
                    }
                }
            }
            guard let elements = entry.node(for: "elements") else {
                entry.report("a component needs 'elements': the list of what it draws")
                continue
            }
            guard elements.arrayValue != nil else {
                entry.report("expected an array of elements, found \(elements.summary)", for: "elements")
                continue
            }
            let component = ThemeComponent(name: name, path: entry.path, parameters: parameters, elements: elements)
            checkReferences(in: elements, path: entry.path(for: "elements"), component: component, diagnostics: object.diagnostics)
            components[name] = component
        }
        return components
    }

    /// Reports every `{param.name}` in the component's strings that names no parameter.
    private static func checkReferences(in node: JSONNode, path: JSONPath, component: ThemeComponent, diagnostics: Diagnostics) {
        switch node.value {
        case .string(let text):
            for name in ParameterSubstitution.names(in: text) where !component.parameterNames.contains(name) {
                var message = "unknown parameter {param.\(name)} of component '\(component.name)'"
                if let suggestion = ObjectReader.suggestion(for: name, among: component.parameterNames) {
                    message += "; did you mean {param.\(suggestion)}?"
                } else if component.parameters.isEmpty {
                    message += "; declare it in 'params' with its default"
                }
                diagnostics.error(message, path: path, location: node.location)
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                checkReferences(in: item, path: path.appending(index), component: component, diagnostics: diagnostics)
            }
        case .object(let members):
            for member in members {
                checkReferences(in: member.value, path: path.appending(member.key), component: component, diagnostics: diagnostics)
            }
        case .null, .bool, .number:
            break
        }
    }

    /// Reads each component no layout used once, with its defaults, so that its
    /// problems are reported too (one whose parameters lack defaults is skipped).
    static func checkUnusedComponents(context: ThemeReadContext) {
        for name in context.components.keys.sorted() where !context.usedComponents.contains(name) {
            guard let component = context.components[name],
                  component.parameters.allSatisfy({ $0.defaultValue != nil }) else { continue }
            _ = context.expand(component, with: [:], at: nil)
        }
    }
}
