import PosterGraphics

/// An element type a theme can use, such as `text` or `qr`: a plugin.
///
/// Built-in types and a library user's own types register the same way, through
/// `ElementRegistry.register(_:)`; the theme file names them by `typeName`.
public protocol PosterElement: Sendable {
    /// The name theme files use in `type`, such as "text".
    static var typeName: String { get }
    /// The element-specific keys, for validation and the JSON Schema (common keys excluded).
    static var propertyNames: [String] { get }
    /// Reads the element's own properties, reporting every problem to the reader.
    init(from reader: ElementReader)
    /// Lays the element out into `slot`, returning the size it occupies and what it draws.
    func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout
}

/// Where an element is placed: its top-left corner in absolute poster points,
/// its width and, when the theme fixes it, its height.
public struct LayoutSlot: Sendable, Hashable {
    /// Absolute top-left corner.
    public var origin: Point
    /// The width available.
    public var width: Double
    /// The fixed height, or nil when the element sizes itself (text, stacks).
    public var height: Double?

    /// Creates a slot.
    public init(origin: Point, width: Double, height: Double?) {
        self.origin = origin
        self.width = width
        self.height = height
    }
}

/// What an element occupies and draws, in absolute coordinates.
public struct ElementLayout: Sendable {
    /// The size the element occupies (what a stack advances by).
    public var size: Size
    /// The display items it draws.
    public var items: [DisplayItem]

    /// Creates a layout.
    public init(size: Size, items: [DisplayItem]) {
        self.size = size
        self.items = items
    }

    /// An element that takes no space and draws nothing.
    public static let empty = ElementLayout(size: Size(width: 0, height: 0), items: [])
}

/// The element types a theme may use, by name.
public struct ElementRegistry: Sendable {
    typealias Factory = @Sendable (ElementReader) -> any PosterElement
    private(set) var factories: [String: Factory] = [:]
    private(set) var propertyNames: [String: [String]] = [:]

    /// An empty registry.
    public init() {}

    /// Adds an element type, replacing any type registered under the same name.
    public mutating func register<Element: PosterElement>(_ type: Element.Type) {
        factories[Element.typeName] = { reader in Element(from: reader) }
        propertyNames[Element.typeName] = Element.propertyNames
    }

    /// Adds a type whose factory makes another type's element: `use` reads into the
    /// `group` it draws.
    mutating func register(typeName: String, propertyNames: [String], factory: @escaping Factory) {
        factories[typeName] = factory
        self.propertyNames[typeName] = propertyNames
    }

    /// The registered type names, sorted.
    public var typeNames: [String] { factories.keys.sorted() }

    /// The element-specific keys a registered type reads.
    public func properties(of typeName: String) -> [String]? { propertyNames[typeName] }

    /// The built-in types: text, image, shape, qr, dimensions, stack, group, row, filler and use.
    public static let standard: ElementRegistry = {
        var registry = ElementRegistry()
        registry.register(TextElement.self)
        registry.register(ImageElement.self)
        registry.register(ShapeElement.self)
        registry.register(QRElement.self)
        registry.register(DimensionsElement.self)
        registry.register(StackElement.self)
        registry.register(GroupElement.self)
        registry.register(RowElement.self)
        registry.register(FillerElement.self)
        registry.register(typeName: ComponentUse.typeName, propertyNames: ComponentUse.propertyNames,
                          factory: ComponentUse.expand)
        return registry
    }()
}
