import NMTIDomain

extension Theme {
    /// Reads `variables`, each a string or `{ default, byCode, byPack }`, and orders
    /// them so each follows the variables it refers to; a cycle is an error.
    static func readVariables(_ object: ObjectReader, context: ThemeReadContext) -> [ThemeVariable] {
        let builtIns = Set(BindingDescriptor.byName.keys)
        guard object.keys.count <= ThemeLimits.maximumVariables else {
            object.report("more than \(ThemeLimits.maximumVariables) variables")
            for key in object.keys { object.declare(key) }  // reported once, not variable by variable
            return []
        }
        var variables: [String: ThemeVariable] = [:]
        for name in object.keys {
            guard let node = object.node(for: name) else { continue }
            if builtIns.contains(name) {
                object.report("variable '\(name)' would hide the built-in placeholder {\(name)}; rename it", for: name)
                continue
            }
            guard name.first?.isLetter == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                object.report("variable name '\(name)' must be letters, digits and _", for: name)
                continue
            }
            func template(_ source: String, _ key: String, in reader: ObjectReader) -> Template? {
                context.template(source, key: key, in: reader, allowed: context.variantNames, what: "variables")
            }
            if let source = node.stringValue {
                if let value = template(source, name, in: object) {
                    variables[name] = ThemeVariable(name: name, defaultValue: value, byCode: [:], byPack: [:])
                }
                continue
            }
            guard let reader = object.object(name) else { continue }
            let defaultSource = reader.requiredString("default")
            let defaultValue = reader.contains("default") ? template(defaultSource, "default", in: reader) : nil
            var byCode: [PersonalityCode: Template] = [:]
            if let codes = reader.object("byCode") {
                for key in codes.keys {
                    codes.declare(key)
                    guard let personality = Personality.find(key) else {
                        codes.report("'\(key)' is not a personality code or alias", for: key)
                        continue
                    }
                    if let source = codes.optionalString(key), let value = template(source, key, in: codes) {
                        byCode[personality.code] = value
                    }
                }
                codes.finish()
            }
            var byPack: [QuizPack: Template] = [:]
            if let packs = reader.object("byPack") {
                for key in packs.keys {
                    packs.declare(key)
                    guard let pack = QuizPack(rawValue: key) else {
                        packs.report("'\(key)' is not a pack; expected workplace or student", for: key)
                        continue
                    }
                    if let source = packs.optionalString(key), let value = template(source, key, in: packs) {
                        byPack[pack] = value
                    }
                }
                packs.finish()
            }
            reader.finish()
            if let defaultValue {
                variables[name] = ThemeVariable(name: name, defaultValue: defaultValue, byCode: byCode, byPack: byPack)
            }
        }
        let bounded = ThemeExpansion.bounded(ordered(variables, reportingTo: object), reportingTo: object)
        context.variableLengths = bounded.lengths
        return bounded.variables
    }

    /// Orders variables by dependency (depth-first), reporting cycles such as a -> b -> a.
    private static func ordered(_ variables: [String: ThemeVariable], reportingTo object: ObjectReader) -> [ThemeVariable] {
        var order: [ThemeVariable] = []
        var state: [String: Bool] = [:]  // false: visiting, true: done
        func visit(_ name: String, chain: [String]) {
            guard let variable = variables[name] else { return }
            if state[name] == true { return }
            if state[name] == false {
                object.report("variables refer to each other in a cycle: \((chain + [name]).joined(separator: " -> "))", for: name)
                return
            }
            state[name] = false
            let templates = [variable.defaultValue] + Array(variable.byCode.values) + Array(variable.byPack.values)
            for dependency in Set(templates.flatMap(\.names)) where variables[dependency] != nil {
                visit(dependency, chain: chain + [name])
            }
            state[name] = true
            order.append(variable)
        }
        for name in variables.keys.sorted() { visit(name, chain: []) }
        return order
    }
}
