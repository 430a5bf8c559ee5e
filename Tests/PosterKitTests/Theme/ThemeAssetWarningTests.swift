import Foundation
import Testing
import TestSupport
@testable import PosterKit

/// Load-time findings about fills and SVG assets that used to mislead or stay silent.
@Suite struct ThemeAssetWarningTests {
    static func svg(font: String) -> String {
        "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='20'><text x='0' y='15' \(font)>牛马</text></svg>"
    }

    static func warnings(_ svg: String) throws -> [String] {
        let folder = try makeTheme("{ elements: [ { type: \"image\", src: \"art/label.svg\", width: 100 } ] }",
                                   files: ["art/label.svg": svg])
        return try Theme.load(from: folder).assetWarnings
    }

    @Test func anUnknownFillTypeIsTheOnlyProblemReported() throws {
        let errors = try loadErrors("{ elements: [ { type: \"shape\", width: 10, height: 10, fill: { type: \"conic\", angle: 3 } } ] }")
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.path.description == "elements[0].fill.type")
        #expect(errors.first?.message.contains("unknown value \"conic\"; expected one of \"linear\", \"radial\"") == true, "\(errors)")
        let typo = try loadErrors("{ elements: [ { type: \"shape\", width: 10, height: 10, fill: { type: \"radail\" } } ] }")
        #expect(typo.count == 1 && typo.first?.message.contains("did you mean \"radial\"?") == true, "\(typo)")
        // A known type still needs its stops.
        let stopless = try loadErrors("{ elements: [ { type: \"shape\", width: 10, height: 10, fill: { type: \"radial\" } } ] }")
        #expect(stopless.map(\.message) == ["a gradient needs 'stops': at least two colours"])
    }

    @Test func anSVGAskingForAnUnpinnedFamilyIsWarnedAboutByFileAndFamily() throws {
        let found = try Self.warnings(Self.svg(font: "font-family='Arial, Helvetica'"))
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.contains("warning: asset 'art/label.svg': its text asks for font family 'Arial', which is not pinned") == true, "\(found)")
        #expect(try Self.warnings(Self.svg(font: "style='font: bold 12px \"Comic Sans MS\"'")).first?.contains("'Comic Sans MS'") == true)
        let sheet = "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='20'><style>text { font-family: Georgia; }</style><text y='15'>x</text></svg>"
        #expect(try Self.warnings(sheet).first?.contains("'Georgia'") == true)
    }

    @Test func pinnedFamiliesOrTextlessSVGsAreNotWarnedAbout() throws {
        #expect(try Self.warnings(Self.svg(font: "font-family='LXGW WenKai'")).isEmpty)
        // fontconfig takes the first family of the list it has, so a pinned fallback is enough.
        #expect(try Self.warnings(Self.svg(font: "font-family='Arial, Noto Sans CJK SC'")).isEmpty)
        let shapes = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10' font-family='Arial'><rect width='10' height='10'/></svg>"
        #expect(try Self.warnings(shapes).isEmpty)
    }

    @Test func fillStretchesAnSVGWithTheDefaultAspectRatio() throws {
        // 200x100 with a viewBox and no preserveAspectRatio: librsvg alone would centre it
        // in the square with white bands above and below.
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 200 100' width='200' height='100'><rect width='200' height='100' fill='#0000FF'/></svg>"
        let r = try RenderedTheme("""
            { canvas: { width: 120, height: 50, background: "#FFFFFF" },
              elements: [
                { type: "image", src: "wide.svg", x: 0, y: 0, width: 50, height: 50, fit: "fill" },
                { type: "image", src: "wide.svg", x: 60, y: 0, width: 50, height: 50, fit: "contain" },
              ] }
            """, files: ["wide.svg": svg])
        #expect(r.isClose(r.pixel(25, 2), "#0000FF"))  // stretched to the top
        #expect(r.isClose(r.pixel(25, 48), "#0000FF"))
        #expect(r.isClose(r.pixel(85, 2), "#FFFFFF"))  // contain still leaves its band
    }
}
