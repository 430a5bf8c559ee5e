import PosterGraphics

/// One element of a theme with the properties every type shares: where it sits
/// and when it shows.
public struct ElementNode: Sendable {
    /// The element's own properties and behaviour.
    public let element: any PosterElement
    /// The type name from the theme file.
    public let typeName: String
    /// An optional name for fit reports; defaults to the JSON path.
    public let id: String?
    /// Where the element was declared, for reports.
    public let path: JSONPath
    /// Left edge relative to the parent (a stack's left edge inside stacks).
    public let x: Double
    /// Top edge relative to the parent; inside a stack, extra space before the element.
    public let y: Double
    /// Fixed width; nil fills the parent's width right of `x`.
    public let width: Double?
    /// Fixed height; nil lets the element size itself.
    public let height: Double?
    /// Shown only when this holds.
    public let when: Condition?
    /// Where the element's object starts in the theme file, for load-time reports.
    public let location: SourceLocation?

    /// The common keys every element accepts besides its own.
    public static let commonKeys = ["type", "id", "x", "y", "width", "height", "when", "style"]

    /// A name for reports: the id, else the JSON path.
    public var label: String { storedLabel }
    /// `label`, made once: layout asks for it for every element of every render.
    private let storedLabel: String

    /// Reads one element, dispatching on `type` through the registry; nil when it cannot.
    static func read(_ written: ObjectReader, context: ThemeReadContext) -> ElementNode? {
        let typeName = written.requiredString("type")
        guard !typeName.isEmpty else {
            for key in written.keys { written.declare(key) }
            return nil
        }
        let typeKeys = commonKeys + (context.registry.properties(of: typeName) ?? [])
        for key in typeKeys { written.declare(key) }
        guard let factory = context.registry.factories[typeName] else {
            for key in written.keys { written.declare(key) }
            written.report(
                "unknown element type '\(typeName)'; known types: \(context.registry.typeNames.joined(separator: ", "))",
                for: "type")
            return nil
        }
        // Named styles merged in: the element's own keys win (see NamedStyle).
        let object = context.applyingStyles(to: written, typeName: typeName, typeKeys: Set(typeKeys))
        if object !== written { for key in typeKeys { object.declare(key) } }
        let limits = ThemeLimits.self
        let id = object.optionalString("id")
        let x = object.number("x", default: 0, range: -limits.maximumCanvasSide...limits.maximumCanvasSide)
        let y = object.number("y", default: 0, range: -limits.maximumCanvasSide...limits.maximumCanvasSide)
        let width = object.hasValue("width") ? object.number("width", default: 0, range: 0...limits.maximumCanvasSide) : nil
        let height = object.hasValue("height") ? object.number("height", default: 0, range: 0...limits.maximumCanvasSide) : nil
        var when: Condition?
        if let source = object.optionalString("when") {
            when = context.condition(source, key: "when", in: object)
        }
        let reader = ElementReader(object: object, context: context)
        let element = factory(reader)
        object.finish()
        return ElementNode(element: element, typeName: typeName, id: id, path: object.path, x: x, y: y,
                           width: width, height: height, when: when, location: object.node.location,
                           storedLabel: id ?? object.path.description)
    }
}
