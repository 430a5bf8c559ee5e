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
    /// Degrees to turn the element clockwise when drawn (nil: not turned); layout
    /// and flow are unchanged, as with a CSS transform.
    public let rotate: Double?
    /// The point the element turns about, as fractions of its box (0.5, 0.5: the centre).
    public let origin: Point
    /// How the element's colours combine with what is under it.
    public let blend: BlendMode
    /// Where the element's object starts in the theme file, for load-time reports.
    public let location: SourceLocation?

    /// The common keys every element accepts besides its own.
    public static let commonKeys = ["type", "id", "x", "y", "width", "height", "when", "rotate", "origin", "blend"]

    /// A name for reports: the id, else the JSON path.
    public var label: String { storedLabel }
    /// `label`, made once: layout asks for it for every element of every render.
    private let storedLabel: String

    /// Reads one element, dispatching on `type` through the registry; nil when it cannot.
    static func read(_ object: ObjectReader, context: ThemeReadContext) -> ElementNode? {
        let typeName = object.requiredString("type")
        guard !typeName.isEmpty else {
            for key in object.keys { object.declare(key) }
            return nil
        }
        for key in commonKeys + (context.registry.properties(of: typeName) ?? []) { object.declare(key) }
        guard let factory = context.registry.factories[typeName] else {
            for key in object.keys { object.declare(key) }
            object.report(
                "unknown element type '\(typeName)'; known types: \(context.registry.typeNames.joined(separator: ", "))",
                for: "type")
            return nil
        }
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
        let effects = ElementEffects.read(object)
        let reader = ElementReader(object: object, context: context)
        let element = factory(reader)
        effects.check(element, in: object)
        object.finish()
        return ElementNode(element: element, typeName: typeName, id: id, path: object.path, x: x, y: y,
                           width: width, height: height, when: when, rotate: effects.rotate, origin: effects.origin,
                           blend: effects.blend, location: object.node.location, storedLabel: id ?? object.path.description)
    }
}
