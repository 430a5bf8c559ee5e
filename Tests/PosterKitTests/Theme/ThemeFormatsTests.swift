import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

/// `formats`: several layouts in one theme, sharing its variables and assets, each with
/// its own canvas; standard names mean standard sizes.
@Suite struct ThemeFormatsTests {
    static let twoFormats = """
        { variables: { accent: "#DB321A" },
          canvas: { background: "#FFFFFF" },
          elements: [ { type: "text", x: 10, y: 10, width: 200, text: "{title}", size: 30, color: "{accent}" } ],
          formats: {
            square: { canvas: { background: "{accent}" },
                      elements: [ { type: "text", x: 20, y: 200, width: 500, text: "{title}", size: 60, color: "#FFFFFF" } ] },
            banner: { canvas: { width: 400, height: 100 }, safeArea: { left: 10 },
                      elements: [ { type: "text", x: 10, y: 10, text: "{code}", size: 20 } ] },
          } }
        """

    @Test func aThemeShipsItsPosterFirstAndEachFormatWithItsOwnCanvas() throws {
        let theme = try Theme.load(from: makeTheme(Self.twoFormats))
        #expect(theme.formatNames == ["poster", "square", "banner"])
        #expect(theme.formatName == "poster")
        #expect(theme.canvasSize == Size(width: 375, height: 667))
        let square = try #require(theme.inFormat("square"))
        #expect(square.formatName == "square" && square.canvasSize == Size(width: 540, height: 540))
        #expect(square.pixelSize == (1080, 1080))
        #expect(square.elements.count == 1 && square.variables.map(\.name) == ["accent"])
        let banner = try #require(theme.inFormat("banner"))
        #expect(banner.canvasSize == Size(width: 400, height: 100))
        #expect(banner.layout.format.safeInsets == SafeInsets(left: 10))
        #expect(theme.inFormat("story") == nil)
        #expect(theme.formatProblem("story") == "theme '\(theme.name)' has no format 'story'; it ships poster, square, banner")
        #expect(theme.everyFormat.map(\.formatLabel) == [theme.name, "\(theme.name) (square)", "\(theme.name) (banner)"])
    }

    @Test func eachFormatRendersAtItsOwnSize() throws {
        let theme = try Theme.load(from: makeTheme(Self.twoFormats))
        let renderer = try PosterRenderer()
        let result = QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), pack: .workplace)
        for (name, size) in [("poster", (750, 1334)), ("square", (1080, 1080)), ("banner", (800, 200))] {
            let output = try renderer.run(RenderRequest(result, theme: try #require(theme.inFormat(name)), through: .raster))
            let raster = try #require(output.raster)
            #expect(raster.width == size.0 && raster.height == size.1, "\(name)")
        }
    }

    @Test func aThemeMayShipOnlyNamedFormats() throws {
        let theme = try Theme.load(from: makeTheme("""
            { formats: { thumb: { elements: [] }, card: { elements: [] } } }
            """))
        #expect(theme.formatNames == ["thumb", "card"])
        #expect(theme.formatName == "thumb" && theme.canvasSize == Size(width: 250, height: 250))
    }

    @Test func standardSizesAreFixedAndOtherNamesNeedASize() throws {
        let errors = try loadErrors("""
            { elements: [], formats: { xhs: { canvas: { width: 500 }, elements: [] }, wide: { elements: [] } } }
            """)
        #expect(errors.contains { $0.path.description == "formats.xhs.canvas.width"
            && $0.message.contains("the standard 'xhs' format is 540 x 720 pt (1080 x 1440 px)") }, "\(errors)")
        #expect(errors.contains { $0.path.description == "formats.wide"
            && $0.message.contains("its 'canvas' needs 'width' and 'height'") }, "\(errors)")
    }

    @Test func formatNamesAreCheckedAndThePosterIsNotDeclaredTwice() throws {
        let errors = try loadErrors("""
            { elements: [], formats: { all: { elements: [] }, "Big Card": { elements: [] }, workplace: { elements: [] },
                                       poster: { elements: [] } } }
            """)
        let messages = errors.map { "\($0.path): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("formats.all: 'all' cannot name a format: 'all' is reserved") }, "\(messages)")
        #expect(messages.contains { $0.contains("'Big Card' cannot name a format: a format name uses lower-case") }, "\(messages)")
        #expect(messages.contains { $0.contains("'workplace' cannot name a format") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("formats.poster: the 'poster' format is already drawn") }, "\(messages)")
    }

    @Test func aStoryCarriesNoQRCodeAndHasItsSafeArea() throws {
        let errors = try loadErrors("""
            { elements: [], formats: { story: { elements: [ { type: "group", children: [ { type: "qr", x: 10, y: 10, width: 100 } ] } ] } } }
            """)
        #expect(errors.contains { $0.path.description == "formats.story.elements[0].children[0]"
            && $0.message.contains("the 'story' format draws no QR code") }, "\(errors)")
        let story = try #require(PosterFormat.standard(named: "story"))
        #expect(story.safeInsets.safeRect(in: story.canvasSize) == Rect(x: 0, y: 134.4, width: 540, height: 633.6))
    }

    @Test func aFormatNeedsElementsAndKnowsItsKeys() throws {
        let errors = try loadErrors("""
            { formats: { square: { canvas: {}, element: [] } } }
            """)
        let messages = errors.map { "\($0.path): \($0.message)" }
        #expect(messages.contains { $0.contains("the 'square' format needs 'elements'") }, "\(messages)")
        #expect(messages.contains { $0.contains("unknown key \"element\"; did you mean \"elements\"?") }, "\(messages)")
    }
}
