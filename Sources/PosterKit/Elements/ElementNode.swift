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
    /// Left edge relative to the parent (a stack's left edge inside stacks). When
    /// the theme wrote an expression, its lowest value: what the render-cost estimate
    /// assumes; layout reads `frame(for:)`.
    public let x: Double
    /// Top edge relative to the parent; inside a stack, extra space before the
    /// element. For an expression, its lowest value (see `frame(for:)`).
    public let y: Double
    /// Fixed width; nil fills the parent's width right of `x`. For an expression,
    /// its largest value, the worst case for the cost estimate (see `frame(for:)`).
    public let width: Double?
    /// Fixed height; nil lets the element size itself. For an expression, its
    /// largest value (see `frame(for:)`).
    public let height: Double?
    /// The four as written, when one of them is an expression over number
    /// placeholders; nil when all are numbers.
    let expressions: Geometry?
    /// Shown only when this holds.
    public let when: Condition?
    /// Degrees to turn the element clockwise when drawn (nil: never turned); for a turn
    /// bound to the result's numbers, the largest it can be either way. Layout and flow
    /// are unchanged, as with a CSS transform.
    public let rotate: Double?
    /// The turn as written: a number or an expression (`degrees(for:)` evaluates it).
    let rotation: NumberValue?
    /// The point the element turns about, as fractions of its box (0.5, 0.5: the centre).
    public let origin: Point
    /// How the element's colours combine with what is under it.
    public let blend: BlendMode
    /// Where the element's object starts in the theme file, for load-time reports.
    public let location: SourceLocation?

    /// The common keys every element accepts besides its own.
    public static let commonKeys = ["type", "id", "x", "y", "width", "height", "when", "rotate", "origin", "blend", "style"]

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
        let side = limits.maximumCanvasSide
        let geometry = Geometry(
            x: context.numberValue("x", in: object, default: 0, range: -side...side),
            y: context.numberValue("y", in: object, default: 0, range: -side...side),
            width: object.hasValue("width") ? context.numberValue("width", in: object, default: 0, range: 0...side) : nil,
            height: object.hasValue("height") ? context.numberValue("height", in: object, default: 0, range: 0...side) : nil)
        var when: Condition?
        if let source = object.optionalString("when") {
            when = context.condition(source, key: "when", in: object)
        }
        let effects = ElementEffects.read(object, context: context)
        let reader = ElementReader(object: object, context: context)
        let element = factory(reader)
        effects.check(element, in: object)
        object.finish()
        return ElementNode(element: element, typeName: typeName, id: id, path: object.path,
                           x: geometry.x.lowest, y: geometry.y.lowest, width: geometry.width?.highest,
                           height: geometry.height?.highest, expressions: geometry.isConstant ? nil : geometry, when: when,
                           rotate: effects.rotate.map { $0.isConstant ? $0.lowest : max(abs($0.lowest), abs($0.highest)) },
                           rotation: effects.rotate, origin: effects.origin, blend: effects.blend, location: object.node.location,
                           storedLabel: id ?? object.path.description)
    }
}

extension ElementNode {
    /// An element's position and size as written: numbers or expressions.
    struct Geometry: Sendable {
        let x: NumberValue
        let y: NumberValue
        let width: NumberValue?
        let height: NumberValue?

        var isConstant: Bool { [x, y, width, height].allSatisfy { $0?.isConstant ?? true } }
    }

    /// The position and size for one result: the numbers as written, or the
    /// expressions evaluated with the result's values.
    public func frame(for values: BindingValues) -> (x: Double, y: Double, width: Double?, height: Double?) {
        guard let expressions else { return (x, y, width, height) }
        // A computed side too small to scale to (CostEstimator.minimumSide) draws nothing, as 0 does.
        func side(_ value: NumberValue?) -> Double? {
            value.map { $0.value(values) }.map { $0 < CostEstimator.minimumSide ? 0 : $0 }
        }
        return (expressions.x.value(values), expressions.y.value(values), side(expressions.width), side(expressions.height))
    }

    /// The turn in degrees for one result: `rotate`, or its expression evaluated; nil or a
    /// whole turn draws unturned.
    func degrees(for values: BindingValues) -> Double? {
        guard let rotation else { return nil }
        let degrees = rotation.value(values)
        return degrees.truncatingRemainder(dividingBy: 360) == 0 ? nil : degrees
    }
}
