import Foundation
import NMTIDomain
import PosterGraphics
import PosterFiles

extension Theme {
    /// Loads and validates a theme from its folder or its `theme.json5`, reporting
    /// every problem at once; decodes every asset any of the 32 variants uses.
    public static func load(
        from location: URL, registry: ElementRegistry = .standard, fontFamilies: Set<String>? = nil
    ) throws(ThemeError) -> Theme {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory)
        let file = isDirectory.boolValue ? location.appendingPathComponent(fileName) : location
        let folder = file.deletingLastPathComponent().standardizedFileURL
        let diagnostics = Diagnostics(file: file.path)
        func fail(_ message: String) -> ThemeError {
            ThemeError(diagnostics: [Diagnostic(file: file.path, path: .root, location: nil, message: message, severity: .error)])
        }
        // Before anything is read, so that the message can never quote a file elsewhere.
        let escape = FolderContainment.escape(of: file, from: folder)
        guard exists || escape != nil else { throw fail("no such theme file or folder") }
        if let escape { throw fail(escape) }
        // Checked before reading: a FIFO would block, and /dev/zero or a huge file would fill memory.
        if let status = FileStatus(file.path) {
            guard status.kind == .regular else {
                throw fail(status.kind == .directory ? "is a folder, not a theme file" : "is not a regular file")
            }
            if status.size > ThemeLimits.maximumFileBytes {
                throw fail("\(status.size) bytes; a theme file may have at most \(ThemeLimits.maximumFileBytes)")
            }
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw fail(isDirectory.boolValue ? "the folder has no \(fileName)" : "cannot read the file")
        }
        guard data.count <= ThemeLimits.maximumFileBytes else {
            throw fail("\(data.count) bytes; a theme file may have at most \(ThemeLimits.maximumFileBytes)")
        }
        let parser = JSON5Parser(options: .init(maxDepth: ThemeLimits.maximumDepth * 3, maxSize: ThemeLimits.maximumFileBytes))
        guard let root = parser.parse(data, reportingTo: diagnostics) else {
            throw ThemeError(diagnostics: diagnostics.sorted)
        }
        let object = ObjectReader(root, path: .root, diagnostics: diagnostics)
        let fonts = loadFonts(object, folder: folder)
        let families = (fontFamilies ?? Set(PinnedFont.standard.map(\.family))).union(fonts.families)
        let format = object.int("format", default: 1, range: 1...1)
        _ = format
        _ = object.optionalString("$schema")
        let name = object.optionalString("name") ?? folder.lastPathComponent
        // The name becomes folder names and report links: checked here, once, for every use.
        if let problem = ThemeName.problem(with: name) {
            let given = object.contains("name") ? "" : " (the folder's name, as the theme sets no 'name')"
            object.report("'\(String(name.unicodeScalars.prefix(80)))'\(given) is not a safe theme name: \(problem)", for: "name")
        }
        let summary = object.optionalString("description") ?? ""
        let subject = object.enumeration("subject", default: ThemeSubject.single)
        let variableSources = object.object("variables")
        let variableNames = Set(variableSources?.keys ?? [])
        let context = ThemeReadContext(
            registry: registry, diagnostics: diagnostics, variableNames: variableNames, fontFamilies: families)
        context.shipsFonts = fonts.library != nil
        let variables = variableSources.map { readVariables($0, context: context) } ?? []
        context.styles = object.object("styles").map { readStyles($0, context: context) } ?? [:]
        context.components = object.object("components").map { readComponents($0, context: context) } ?? [:]
        let layouts = readLayouts(object, context: context)
        checkUnusedComponents(context: context)
        object.finish()
        guard let first = layouts.first else { throw ThemeError(diagnostics: diagnostics.sorted) }
        var theme = Theme(name: name, summary: summary, folder: folder, file: file, variables: variables,
                          subject: subject, layouts: layouts, layout: first, assets: [:], fonts: fonts)
        // Checked even when other problems were found, so one run lists them all.
        theme = theme.withAssets(loadAssets(for: theme, context: context, diagnostics: diagnostics))
        theme.checkExpansion(context: context, diagnostics: diagnostics)
        for format in theme.everyFormat { format.checkBudgets(diagnostics: diagnostics) }
        theme.checkVariantColors(context.boundColors, diagnostics: diagnostics)
        if diagnostics.hasErrors { throw ThemeError(diagnostics: diagnostics.sorted) }
        return theme
    }

    private func withAssets(_ assets: [String: ImageAsset]) -> Theme {
        Theme(name: name, summary: summary, folder: folder, file: file, variables: variables, subject: subject,
              layouts: layouts, layout: layout, assets: assets, fonts: fonts)
    }

    /// One result per variant (16 types x 2 packs), for checking what varies by variant.
    static var variantResults: [ResolvedResult] {
        QuizPack.allCases.flatMap { pack in
            PersonalityCode.all.map { code in
                let score = { (dimension: NMTIDomain.Dimension) in code.pole(on: dimension).isPositive ? 1 : -1 }
                return ResolvedResult(QuizResult(
                    scores: DimensionScores(c: score(.c), s: score(.s), e: score(.e), a: score(.a)), pack: pack))
            }
        }
    }

    /// Checks that every colour written with a placeholder (or a colour function over
    /// one) gives a colour for every variant.
    private func checkVariantColors(_ colors: [(value: ColorValue, path: JSONPath, location: SourceLocation?)],
                                    diagnostics: Diagnostics) {
        let bindings = Self.variantResults.map { ($0, bind($0)) }
        for color in colors {
            for (resolved, values) in bindings {
                guard let problem = color.value.problem(values) else { continue }
                diagnostics.error(
                    "\(problem) (for \(resolved.pack.rawValue) \(resolved.personality.code))",
                    path: color.path, location: color.location)
                break
            }
        }
    }
}
