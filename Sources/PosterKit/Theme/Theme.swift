import Foundation
import NMTIDomain
import PosterGraphics
import PosterLinks

/// A loaded, validated poster theme: canvas, variables, elements and decoded assets.
///
/// Immutable and safe to share between threads; load it once (see `ThemeStore`).
public struct Theme: Sendable {
    /// The theme's name (its folder name unless the file says otherwise).
    public let name: String
    /// A one-line description for `themes list`.
    public let summary: String
    /// The theme folder; assets resolve inside it.
    public let folder: URL
    /// The layout file.
    public let file: URL
    /// Theme variables, in an order where each comes after those it refers to.
    public let variables: [ThemeVariable]
    /// What the theme draws: one result, or the pairing of an invited one (`subject`).
    public let subject: ThemeSubject
    /// Every layout the theme ships, one per format, the default first.
    public let layouts: [ThemeLayout]
    /// The layout this value draws (`inFormat(_:)` picks another).
    public let layout: ThemeLayout
    package let assets: [String: ImageAsset]
    /// The font files the theme ships and the font configuration its renders use.
    package let fonts: ThemeFonts

    /// The name of the format this value draws (`poster` unless another was picked).
    public var formatName: String { layout.format.name }
    /// The canvas size in points of the format drawn; output is twice this in pixels.
    public var canvasSize: Size { layout.format.canvasSize }
    /// The canvas background of the format drawn.
    public var background: ColorValue { layout.background }
    /// The top-level elements of the format drawn, in order.
    public var elements: [ElementNode] { layout.elements }

    /// The name of the layout file inside a theme folder.
    public static let fileName = "theme.json5"

    /// The values of every placeholder for one result, theme variables included, with
    /// links printed in `links`.
    public func bind(_ resolved: ResolvedResult, links: LinkStyle = .scheme) -> BindingValues {
        var values = BindingValues(resolved, links: links)
        for variable in variables {
            values.set(variable.name, variable.template(code: resolved.personality.code, pack: resolved.pack).render(values))
        }
        return values
    }

    /// The decoded asset for a path already resolved for one result.
    func asset(_ path: String) -> ImageAsset? { assets[path] }

    /// The size of the output image in device pixels.
    public var pixelSize: (width: Int, height: Int) {
        (Int((canvasSize.width * PosterCanvas.scale).rounded()), Int((canvasSize.height * PosterCanvas.scale).rounded()))
    }
}

/// A theme variable whose value may differ by personality and by pack.
///
/// The value for a result is `byCode[code]`, else `byPack[pack]`, else `default`.
public struct ThemeVariable: Sendable {
    /// The placeholder name, used as `{name}`.
    public let name: String
    /// The value when no override applies.
    public let defaultValue: Template
    /// Overrides per canonical code.
    public let byCode: [PersonalityCode: Template]
    /// Overrides per pack.
    public let byPack: [QuizPack: Template]

    /// The template in force for one variant.
    public func template(code: PersonalityCode, pack: QuizPack) -> Template {
        byCode[code] ?? byPack[pack] ?? defaultValue
    }
}

/// A theme that failed to load: every problem found, each with file, JSON path and line.
public struct ThemeError: Error, Sendable, CustomStringConvertible {
    /// The problems, in file order.
    public let diagnostics: [Diagnostic]

    /// Creates an error from diagnostics.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// Whether every error is a file that could not be read (missing input, not an invalid theme).
    public var isUnreadableInput: Bool {
        let errors = diagnostics.filter { $0.severity == .error }
        return !errors.isEmpty && errors.allSatisfy(\.isUnreadableFile)
    }
}
