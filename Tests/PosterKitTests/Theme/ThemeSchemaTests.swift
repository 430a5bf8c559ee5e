import Foundation
import PosterGraphics
import Testing
import TestSupport
@testable import PosterKit

/// Keeps `Themes/theme.schema.json` (what editors check) and the theme loader
/// (what the engine checks) in agreement: the same element types, the same
/// keys per type, the same choices and defaults, and every shipped theme
/// pointing at the schema and loading cleanly.
@Suite struct ThemeSchemaTests {
    /// The package root: the nearest folder above this file with `Package.swift` and `Themes/`.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let manager = FileManager.default
            if manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               manager.fileExists(atPath: folder.appendingPathComponent("Themes").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    static var themesFolder: URL { packageRoot.appendingPathComponent("Themes") }

    /// The schema as plain Foundation values.
    static func loadSchema() throws -> [String: Any] {
        let data = try Data(contentsOf: themesFolder.appendingPathComponent("theme.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A definition under `$defs`, by name or by `#/$defs/name` reference.
    static func definition(_ reference: String, in schema: [String: Any]) throws -> [String: Any] {
        let name = reference.hasPrefix("#/$defs/") ? String(reference.dropFirst("#/$defs/".count)) : reference
        let definitions = try #require(schema["$defs"] as? [String: Any])
        return try #require(definitions[name] as? [String: Any], "no $defs/\(name) in the schema")
    }

    /// The element types the schema's `type` enum lists.
    static func schemaTypeNames(_ schema: [String: Any]) throws -> [String] {
        let element = try definition("element", in: schema)
        let properties = try #require(element["properties"] as? [String: Any])
        let type = try #require(properties["type"] as? [String: Any])
        return try #require(type["enum"] as? [String])
    }

    /// For each `if: { type: const } then: { $ref }` branch of the element definition, the type and its definition.
    static func schemaBranches(_ schema: [String: Any]) throws -> [String: [String: Any]] {
        let element = try definition("element", in: schema)
        let branches = try #require(element["allOf"] as? [[String: Any]])
        var result: [String: [String: Any]] = [:]
        for branch in branches {
            let condition = try #require(branch["if"] as? [String: Any])
            let conditionProperties = try #require(condition["properties"] as? [String: Any])
            let type = try #require(conditionProperties["type"] as? [String: Any])
            let name = try #require(type["const"] as? String)
            let then = try #require(branch["then"] as? [String: Any])
            let reference = try #require(then["$ref"] as? String)
            #expect(result[name] == nil, "two schema branches for type '\(name)'")
            result[name] = try definition(reference, in: schema)
        }
        return result
    }

    /// One property's schema inside a definition.
    static func property(_ name: String, of definition: [String: Any]) throws -> [String: Any] {
        let properties = try #require(definition["properties"] as? [String: Any])
        return try #require(properties[name] as? [String: Any], "no property '\(name)'")
    }

    /// The `enum` of a property, following one `$ref` or one `anyOf` branch if needed.
    static func choices(_ name: String, of definition: [String: Any], in schema: [String: Any]) throws -> [String] {
        var node = try property(name, of: definition)
        if let reference = node["$ref"] as? String { node = try Self.definition(reference, in: schema) }
        if let values = node["enum"] as? [String] { return values }
        let branches = try #require(node["anyOf"] as? [[String: Any]], "'\(name)' has no enum")
        return try #require(branches.compactMap { $0["enum"] as? [String] }.first)
    }

    /// The `default` of a property.
    static func defaultValue(_ name: String, of definition: [String: Any]) throws -> Any {
        try #require(try property(name, of: definition)["default"], "'\(name)' has no default")
    }

    /// A JSON number as a Double, however Foundation bridged it.
    static func double(_ value: Any) -> Double? {
        if let value = value as? Double { return value }
        if let value = value as? Int { return Double(value) }
        return (value as? NSNumber)?.doubleValue
    }

    static func number(_ name: String, of definition: [String: Any]) throws -> Double {
        try #require(double(try defaultValue(name, of: definition)))
    }

    static func string(_ name: String, of definition: [String: Any]) throws -> String {
        try #require(try defaultValue(name, of: definition) as? String)
    }

    static func bool(_ name: String, of definition: [String: Any]) throws -> Bool {
        let value = try defaultValue(name, of: definition)
        let flag: Bool? = value as? Bool ?? (value as? NSNumber)?.boolValue
        try #require(flag != nil, "the default of '\(name)' is not true or false")
        return flag ?? false
    }

    /// A colour as 8-bit RGBA, so "#00000040" and an alpha of 0.25 compare equal.
    static func bytes(_ color: Color) -> [Int] {
        [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
    }

    static func bytes(_ value: ColorValue?) -> [Int]? {
        guard case .literal(let color) = value else { return nil }
        return bytes(color)
    }

    static func color(_ name: String, of definition: [String: Any]) throws -> [Int] {
        bytes(try #require(ColorValue.parseColor(try string(name, of: definition))))
    }

    // MARK: - Types and keys

    @Test func schemaListsExactlyTheRegisteredElementTypes() throws {
        let schema = try Self.loadSchema()
        let registered = ElementRegistry.standard.typeNames
        #expect(try Self.schemaTypeNames(schema).sorted() == registered)
        #expect(try Self.schemaBranches(schema).keys.sorted() == registered)
    }

    @Test(arguments: ElementRegistry.standard.typeNames)
    func schemaKeysMatchTheLoader(typeName: String) throws {
        let schema = try Self.loadSchema()
        let definition = try #require(try Self.schemaBranches(schema)[typeName], "the schema has no '\(typeName)' branch")
        let schemaKeys = Set(try #require(definition["properties"] as? [String: Any]).keys)
        let loaderKeys = Set(ElementNode.commonKeys).union(ElementRegistry.standard.properties(of: typeName) ?? [])
        #expect(schemaKeys.subtracting(loaderKeys).sorted() == [], "in the schema but not read by the loader")
        #expect(loaderKeys.subtracting(schemaKeys).sorted() == [], "read by the loader but missing from the schema")
        #expect(definition["additionalProperties"] as? Bool == false)
        #expect(try Self.property("type", of: definition)["const"] as? String == typeName)
        let properties = try #require(definition["properties"] as? [String: Any])
        for (key, value) in properties {
            let entry = try #require(value as? [String: Any])
            let described = entry["description"] != nil || entry["$ref"] != nil
            #expect(described, "\(typeName).\(key) has no description for editor tooltips")
        }
    }

    // MARK: - Choices

    @Test func schemaChoicesMatchTheLoader() throws {
        let schema = try Self.loadSchema()
        let text = try Self.definition("text", in: schema)
        #expect(try Self.choices("font", of: text, in: schema).sorted() == Set(PinnedFont.standard.map(\.family)).sorted())
        #expect(try Self.choices("weight", of: text, in: schema) == TextElement.Weight.allCases.map(\.rawValue))
        #expect(try Self.choices("align", of: text, in: schema) == TextAlignment.allCases.map(\.rawValue))
        #expect(try Self.choices("verticalAlign", of: text, in: schema) == TextElement.VerticalAlignment.allCases.map(\.rawValue))
        let image = try Self.definition("image", in: schema)
        #expect(try Self.choices("fit", of: image, in: schema) == ImageFit.allCases.map(\.rawValue))
        let shape = try Self.definition("shape", in: schema)
        #expect(try Self.choices("shape", of: shape, in: schema) == ShapeElement.Kind.allCases.map(\.rawValue))
        let qr = try Self.definition("qr", in: schema)
        #expect(try Self.choices("correction", of: qr, in: schema) == QRMatrix.Correction.allCases.map(\.rawValue))
        let dimensions = try Self.definition("dimensions", in: schema)
        #expect(try Self.choices("font", of: dimensions, in: schema).sorted() == Set(PinnedFont.standard.map(\.family)).sorted())
    }

    @Test func schemaColourPatternAcceptsWhatTheLoaderAccepts() throws {
        let schema = try Self.loadSchema()
        let pattern = try #require(try Self.definition("color", in: schema)["pattern"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for literal in ["#FFF", "#fff8", "#E8503A", "#E8503A80", "transparent"] {
            #expect(ColorValue.parseColor(literal) != nil)
            #expect(matches(literal), "the schema rejects \(literal)")
        }
        for template in ["{accent}", "{accent}80", "mix({accent}, #FFFFFF, 0.8)", " readable(on: #FFF, #000, #FFF)"] {
            #expect(matches(template), "the schema rejects \(template)")
        }
        for wrong in ["#12", "#12345", "red", "#GGGGGG", ""] {
            #expect(ColorValue.parseColor(wrong) == nil)
            #expect(!matches(wrong), "the schema accepts \(wrong)")
        }
    }

    // MARK: - Defaults

    /// Loads a throwaway theme with one minimal element of each type (and empty stroke,
    /// shadow and gradients), so each element holds the loader's defaults.
    static func minimalTheme() throws -> Theme {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ThemeSchemaTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
            .write(to: folder.appendingPathComponent("dot.svg"))
        let source = """
            {
              canvas: {},
              elements: [
                { type: "text", text: "x", stroke: {}, shadow: {} },
                { type: "image", src: "dot.svg" },
                { type: "shape", height: 10, fill: { stops: ["#000", "#FFF"] } },
                { type: "shape", height: 10, fill: { type: "radial", stops: ["#000", "#FFF"] } },
                { type: "qr" },
                { type: "dimensions" },
                { type: "stack", children: [] },
                { type: "group", children: [] },
              ],
            }
            """
        try Data(source.utf8).write(to: folder.appendingPathComponent(Theme.fileName))
        return try Theme.load(from: folder)
    }

    @Test func schemaDefaultsMatchTheLoader() throws {
        let schema = try Self.loadSchema()
        let theme = try Self.minimalTheme()
        let elements = theme.elements.map(\.element)
        try #require(elements.count == 8)

        let canvas = try Self.definition("canvas", in: schema)
        #expect(theme.canvasSize.width == (try Self.number("width", of: canvas)))
        #expect(theme.canvasSize.height == (try Self.number("height", of: canvas)))
        #expect(Self.bytes(theme.background) == (try Self.color("background", of: canvas)))

        let textSchema = try Self.definition("text", in: schema)
        let text = try #require(elements[0] as? TextElement)
        #expect(text.style.family == (try Self.string("font", of: textSchema)))
        #expect(text.style.weight == TextElement.Weight(rawValue: try Self.string("weight", of: textSchema))?.value)
        #expect(text.style.italic == (try Self.bool("italic", of: textSchema)))
        #expect(text.style.size == (try Self.number("size", of: textSchema)))
        #expect(text.style.minimumSize == nil)
        #expect(text.style.maxLines == nil)
        #expect(text.style.letterSpacing == (try Self.number("letterSpacing", of: textSchema)))
        #expect(text.style.lineHeight == (try Self.number("lineHeight", of: textSchema)))
        #expect(text.style.alignment.rawValue == (try Self.string("align", of: textSchema)))
        #expect(text.verticalAlignment.rawValue == (try Self.string("verticalAlign", of: textSchema)))
        #expect(Self.bytes(text.color) == (try Self.color("color", of: textSchema)))

        let strokeSchema = try Self.definition("stroke", in: schema)
        let stroke = try #require(text.stroke)
        #expect(Self.bytes(stroke.color) == (try Self.color("color", of: strokeSchema)))
        #expect(stroke.width == (try Self.number("width", of: strokeSchema)))
        #expect(stroke.dash.isEmpty)

        let shadowSchema = try Self.definition("shadow", in: schema)
        let shadow = try #require(text.shadow)
        #expect(Self.bytes(shadow.color) == (try Self.color("color", of: shadowSchema)))
        #expect(shadow.x == (try Self.number("x", of: shadowSchema)))
        #expect(shadow.y == (try Self.number("y", of: shadowSchema)))
        #expect(shadow.blur == (try Self.number("blur", of: shadowSchema)))

        let imageSchema = try Self.definition("image", in: schema)
        let image = try #require(elements[1] as? ImageElement)
        #expect(image.fit.rawValue == (try Self.string("fit", of: imageSchema)))
        #expect(image.radius == (try Self.number("radius", of: imageSchema)))
        #expect(image.circle == (try Self.bool("circle", of: imageSchema)))
        #expect(image.opacity == .constant(try Self.number("opacity", of: imageSchema)))

        let shapeSchema = try Self.definition("shape", in: schema)
        let shape = try #require(elements[2] as? ShapeElement)
        #expect(shape.kind.rawValue == (try Self.string("shape", of: shapeSchema)))
        #expect(shape.radius == (try Self.number("radius", of: shapeSchema)))
        #expect(shape.opacity == .constant(try Self.number("opacity", of: shapeSchema)))
        let linearSchema = try Self.definition("linearGradient", in: schema)
        guard case .linear(let angle, _) = shape.fill else {
            Issue.record("a gradient without a type is not linear")
            return
        }
        #expect(angle == (try Self.number("angle", of: linearSchema)))
        #expect(try Self.string("type", of: linearSchema) == "linear")
        let radialSchema = try Self.definition("radialGradient", in: schema)
        let radialShape = try #require(elements[3] as? ShapeElement)
        guard case .radial(let centerX, let centerY, let radius, _) = radialShape.fill else {
            Issue.record("a radial gradient was not read as radial")
            return
        }
        let center = try #require(try Self.defaultValue("center", of: radialSchema) as? [Any])
        #expect([centerX, centerY] == center.compactMap(Self.double))
        #expect(radius == (try Self.number("radius", of: radialSchema)))

        let qrSchema = try Self.definition("qr", in: schema)
        let qr = try #require(elements[4] as? QRElement)
        #expect(qr.data == (try Template.parse(try Self.string("data", of: qrSchema)).get()))
        #expect(qr.minimumCorrection.rawValue == (try Self.string("correction", of: qrSchema)))
        #expect(Self.bytes(qr.color) == (try Self.color("color", of: qrSchema)))
        #expect(Self.bytes(qr.background) == (try Self.color("background", of: qrSchema)))
        #expect(Double(qr.quietZone) == (try Self.number("quietZone", of: qrSchema)))

        let dimensionsSchema = try Self.definition("dimensions", in: schema)
        let dimensions = try #require(elements[5] as? DimensionsElement)
        #expect(dimensions.font == (try Self.string("font", of: dimensionsSchema)))
        #expect(dimensions.labelSize == (try Self.number("labelSize", of: dimensionsSchema)))
        #expect(dimensions.labelWidth == (try Self.number("labelWidth", of: dimensionsSchema)))
        #expect(Self.bytes(dimensions.labelColor) == (try Self.color("labelColor", of: dimensionsSchema)))
        #expect(Self.bytes(dimensions.activeColor) == (try Self.color("activeColor", of: dimensionsSchema)))
        #expect(dimensions.barHeight == (try Self.number("barHeight", of: dimensionsSchema)))
        #expect(dimensions.rowGap == (try Self.number("rowGap", of: dimensionsSchema)))
        #expect(Self.bytes(dimensions.trackColor) == (try Self.color("trackColor", of: dimensionsSchema)))
        #expect(Self.bytes(dimensions.fillColor) == (try Self.color("fillColor", of: dimensionsSchema)))
        #expect(dimensions.showCaptions == (try Self.bool("showCaptions", of: dimensionsSchema)))
        #expect(dimensions.captionSize == (try Self.number("captionSize", of: dimensionsSchema)))
        #expect(Self.bytes(dimensions.captionColor) == (try Self.color("captionColor", of: dimensionsSchema)))

        let stackSchema = try Self.definition("stack", in: schema)
        let stack = try #require(elements[6] as? StackElement)
        #expect(stack.spacing == (try Self.number("spacing", of: stackSchema)))

        let groupSchema = try Self.definition("group", in: schema)
        let group = try #require(elements[7] as? GroupElement)
        #expect((group.clip != .none) == (try Self.bool("clip", of: groupSchema)))
        #expect(group.radius == (try Self.number("radius", of: groupSchema)))
        #expect(group.opacity == .constant(try Self.number("opacity", of: groupSchema)))

        let node = try #require(theme.elements.first)
        for (key, value) in [("x", node.x), ("y", node.y)] {
            #expect(value == Self.double(try #require(try Self.definition(key, in: schema)["default"])))
        }
        #expect(node.width == nil && node.height == nil)
    }

    // MARK: - Shipped themes

    /// Every folder under Themes/.
    static var themeFolders: [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: themesFolder.path)) ?? []
        return entries.filter { entry in
            var isDirectory: ObjCBool = false
            let path = themesFolder.appendingPathComponent(entry).path
            return !entry.hasPrefix(".") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    @Test func thereAreThemesToCheck() {
        #expect(Self.themeFolders.contains(ThemeStore.defaultThemeName))
    }

    @Test(arguments: ThemeSchemaTests.themeFolders)
    func shippedThemeReferencesTheSchemaAndLoads(folderName: String) throws {
        let folder = Self.themesFolder.appendingPathComponent(folderName)
        let file = folder.appendingPathComponent(Theme.fileName)
        let data = try #require(FileManager.default.contents(atPath: file.path), "\(folderName) has no \(Theme.fileName)")
        let root = try JSON5Parser().parse(data)
        #expect(root["$schema"]?.stringValue == "../theme.schema.json",
                "\(folderName)/\(Theme.fileName) should start with $schema: \"../theme.schema.json\"")
        do {
            _ = try Theme.load(from: folder)
        } catch {
            Issue.record("\(folderName) does not load:\n\(error.description)")
        }
    }
}
