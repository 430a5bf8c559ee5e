import PosterGraphics

/// What an element type reads its properties through: typed accessors that
/// report every problem with its JSON path and line, and return a default.
public final class ElementReader {
    /// The element's JSON object.
    public let object: ObjectReader
    let context: ThemeReadContext

    init(object: ObjectReader, context: ThemeReadContext) {
        self.object = object
        self.context = context
    }

    /// A text template such as "你是{title}"; placeholders must be known names.
    public func text(_ key: String, default fallback: String? = nil) -> Template? {
        let source = fallback == nil ? (object.contains(key) ? object.requiredString(key) : nil) : object.optionalString(key) ?? fallback
        if fallback == nil, source == nil { _ = object.requiredString(key) }
        guard let source else { return nil }
        return context.template(source, key: key, in: object, allowed: context.textNames, what: "text")
    }

    /// A colour: "#RGB", "#RGBA", "#RRGGBB", "#RRGGBBAA", "transparent" or "{variable}".
    public func color(_ key: String, default fallback: Color?) -> ColorValue? {
        guard let node = object.node(for: key) else { return fallback.map(ColorValue.literal) }
        return color(node: node, key: key) ?? fallback.map(ColorValue.literal)
    }

    func color(node: JSONNode, key: String) -> ColorValue? {
        guard let source = node.stringValue else {
            object.report("expected a colour such as \"#FF5A36\", found \(node.kindDescription)", for: key)
            return nil
        }
        guard ColorExpression.isCall(source) else {
            guard let value = colorLeaf(source, key: key) else { return nil }
            if case .bound = value { context.registerColor(value, path: object.path(for: key), location: node.location) }
            return value
        }
        switch ColorExpression.parse(source, leaf: { colorLeaf($0, key: key) }) {
        case .failure(let error):
            // An empty message: a leaf already reported its own problem.
            if !error.message.isEmpty { object.report(error.message, for: key) }
            return nil
        case .success(let expression):
            if expression.isConstant, let color = expression.resolve(BindingValues.empty) { return .literal(color) }
            let value = ColorValue.derived(expression)
            context.registerColor(value, path: object.path(for: key), location: node.location)
            return value
        }
    }

    /// A colour as written, or a template such as `{accent}80` checked for every variant later.
    private func colorLeaf(_ source: String, key: String) -> ColorValue? {
        if source.contains("{") {
            return context.template(source, key: key, in: object, allowed: context.variantNames, what: "colours").map(ColorValue.bound)
        }
        guard let color = ColorValue.parseColor(source) else {
            object.report(
                "'\(source)' is not a colour; expected #RGB, #RGBA, #RRGGBB, #RRGGBBAA, transparent or a colour function (\(ColorExpression.functionNames.joined(separator: ", ")))",
                for: key)
            return nil
        }
        return .literal(color)
    }

    /// A number, reporting values outside `range`.
    public func number(_ key: String, default fallback: Double, range: ClosedRange<Double>) -> Double {
        object.number(key, default: fallback, range: range)
    }

    /// A number, or a string holding an expression over number placeholders such as
    /// `"{percent.c} / 100"` whose every value over every result lies in `range`
    /// (reported otherwise); resolve it per result with `NumberValue.value(_:)`.
    public func numberValue(_ key: String, default fallback: Double, range: ClosedRange<Double>) -> NumberValue {
        context.numberValue(key, in: object, default: fallback, range: range)
    }

    /// An optional number; nil when the key is absent.
    public func optionalNumber(_ key: String, range: ClosedRange<Double>) -> Double? {
        object.hasValue(key) ? object.number(key, default: range.lowerBound, range: range) : nil
    }

    /// An optional whole number; nil when the key is absent or null.
    public func optionalInt(_ key: String, range: ClosedRange<Int>) -> Int? {
        object.hasValue(key) ? object.int(key, default: range.lowerBound, range: range) : nil
    }

    /// A whole number, reporting fractions and values outside `range`.
    public func int(_ key: String, default fallback: Int, range: ClosedRange<Int>) -> Int {
        object.int(key, default: fallback, range: range)
    }

    /// A boolean.
    public func bool(_ key: String, default fallback: Bool) -> Bool {
        object.bool(key, default: fallback)
    }

    /// One of a fixed set of words.
    public func choice<Value: CaseIterable & RawRepresentable>(_ key: String, default fallback: Value) -> Value
    where Value.RawValue == String {
        object.enumeration(key, default: fallback)
    }

    /// A pinned font family name.
    public func fontFamily(_ key: String, default fallback: String) -> String {
        guard let family = object.optionalString(key) else { return fallback }
        guard context.fontFamilies.contains(family) else {
            let available = context.fontFamilies.sorted().joined(separator: ", ")
            let shipped = context.shipsFonts ? " nor shipped by the theme" : ""
            let message = ObjectReader.suggestion(for: family, among: context.fontFamilies).map {
                "font '\(family)' is not pinned\(shipped); did you mean '\($0)'? Available: \(available)"
            } ?? "font '\(family)' is not pinned\(shipped); available: \(available)"
            object.report(message, for: key)
            return fallback
        }
        return family
    }

    /// An asset path in the theme folder, such as "art/{code}.svg"; loaded when the theme loads.
    public func asset(_ key: String) -> Template? {
        guard object.contains(key) else {
            _ = object.requiredString(key)
            return nil
        }
        let source = object.requiredString(key)
        guard let template = context.template(source, key: key, in: object, allowed: context.variantNames, what: "asset paths")
        else { return nil }
        context.registerAsset(template, path: object.path(for: key), location: object.node(for: key)?.location)
        return template
    }

    /// Child elements, read through the same registry.
    public func children(_ key: String) -> [ElementNode] {
        context.elements(key, in: object)
    }

    /// A nested object's reader, for element types with structured properties.
    public func nested(_ key: String) -> ElementReader? {
        object.object(key).map { ElementReader(object: $0, context: context) }
    }

    /// Ends reading a nested object, reporting keys nobody read.
    public func finish() { object.finish() }

    /// Reports a problem with a key of this element.
    public func report(_ message: String, for key: String? = nil) {
        object.report(message, for: key)
    }
}
