import PosterGraphics

extension ElementReader {
    /// Reads one element's properties from a JSON5 object the way a theme file would,
    /// for a plugin's own unit tests: the common keys (`type`, `x`, `when`…) and the
    /// type's `propertyNames` are known, every other key is reported, and any problem
    /// throws with its JSON path, line and column.
    ///
    /// `variables` are the theme variable names the element's templates may use besides
    /// the built-in placeholders; `fontFamilies` defaults to the pinned fonts.
    public static func read<Element: PosterElement>(
        _ type: Element.Type, json5 source: String, variables: Set<String> = [],
        fontFamilies: Set<String>? = nil, file: String = "element.json5"
    ) throws(ThemeError) -> Element {
        let diagnostics = Diagnostics(file: file)
        let root: JSONNode
        do throws(JSON5SyntaxError) {
            root = try JSON5Parser().parse(source)
        } catch {
            throw ThemeError(diagnostics: [Diagnostic(error, file: file)])
        }
        let object = ObjectReader(root, path: .root, diagnostics: diagnostics)
        var registry = ElementRegistry.standard
        registry.register(Element.self)
        let context = ThemeReadContext(
            registry: registry, diagnostics: diagnostics, variableNames: variables,
            fontFamilies: fontFamilies ?? Set(PinnedFont.standard.map(\.family)))
        for key in ElementNode.commonKeys + Element.propertyNames { object.declare(key) }
        let element = Element(from: ElementReader(object: object, context: context))
        object.finish()
        if diagnostics.hasErrors { throw ThemeError(diagnostics: diagnostics.sorted) }
        return element
    }
}
