import Foundation
import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterGolden
@testable import PosterKit
@testable import PosterPNG

/// Proof that the comparison catches small perturbations with the right figures.
@Suite struct GoldenComparisonTests {
    let renderer = try! PosterRenderer()

    func render(_ theme: Theme, code: String = "PRED", pack: QuizPack = .workplace) throws -> DecodedImage {
        let result = QuizResult.catalogueSample(for: PersonalityCode(code)!, pack: pack)
        return try PNGDecoder().decode(renderer.render(result, theme: theme).png)
    }

    func difference(_ expected: DecodedImage, _ actual: DecodedImage) throws -> GoldenDifference {
        guard case .different(let difference) = GoldenComparison.compare(expected: expected, actual: actual) else {
            Issue.record("expected a pixel difference")
            throw CancellationError()
        }
        return difference
    }

    @Test func identicalReRenderPasses() throws {
        let theme = try GoldenTestSupport.themes.theme("classic")
        let first = try render(theme)
        let again = try render(theme)
        #expect(GoldenComparison.compare(expected: first, actual: again) == .identical)
        #expect(!GoldenComparison.isBlank(first))
    }

    @Test func onePixelChangedIsFoundExactly() throws {
        let poster = try render(GoldenTestSupport.themes.theme("classic"))
        let old = poster.channel(x: 123, y: 456, 1)
        let new: UInt8 = old > 127 ? old - 37 : old + 37
        let perturbed = poster.setting(x: 123, y: 456, channel: 1, to: new)
        let d = try difference(poster, perturbed)
        #expect(d.differingPixels == 1)
        #expect(d.maxChannelDifference == 37)
        #expect(d.maxLocation == GoldenPixel(x: 123, y: 456))
        #expect(d.clusters == [GoldenBox(minX: 123, minY: 456, maxX: 123, maxY: 456)])
        #expect(d.darkerPixels + d.lighterPixels == 1)
        #expect(d.width == 750 && d.height == 1334)
    }

    /// A 20 x 10 pt black box moved right by 1 pt (2 px): a 2 px strip turns white on its
    /// left edge and one turns black past its right edge, each 20 px tall.
    @Test func elementMovedByOnePointIsFound() throws {
        let before = try render(TinyTheme.load(x: 10))
        let after = try render(TinyTheme.load(x: 11))
        let d = try difference(before, after)
        #expect(d.differingPixels == 2 * (2 * 20))
        #expect(d.maxChannelDifference == 255)
        #expect(d.maxLocation == GoldenPixel(x: 20, y: 20))
        #expect(d.lighterPixels == 40)
        #expect(d.darkerPixels == 40)
        #expect(d.clusters == [GoldenBox(minX: 20, minY: 20, maxX: 21, maxY: 39), GoldenBox(minX: 60, minY: 20, maxX: 61, maxY: 39)])
    }

    @Test func colourChangeIsFound() throws {
        let before = try render(TinyTheme.load(fill: "#336699"))
        let after = try render(TinyTheme.load(fill: "#3366A0"))
        let d = try difference(before, after)
        #expect(d.differingPixels == 40 * 20)
        #expect(d.maxChannelDifference == 0xA0 - 0x99)
        #expect(d.maxLocation == GoldenPixel(x: 20, y: 20))
        #expect(d.lighterPixels == 800 && d.darkerPixels == 0)
        #expect(d.clusters == [GoldenBox(minX: 20, minY: 20, maxX: 59, maxY: 39)])
    }

    /// One character of a copy line changes; the first character, the box and the
    /// background stay, so every change lies in the second character's cell.
    @Test func changedCopyLineIsFound() throws {
        let before = try render(TinyTheme.load(text: "摸鱼"))
        let after = try render(TinyTheme.load(text: "摸虾"))
        let d = try difference(before, after)
        #expect(d.differingPixels > 20)
        #expect(d.maxChannelDifference > 100)
        let box = try #require(d.clusters.first)
        #expect(d.clusters.count == 1)
        // Text at x 4 pt, 10 pt glyphs: the second character spans about x 28...48 px, y 44...76 px.
        #expect(box.minX >= 26 && box.maxX <= 50, "\(box)")
        #expect(box.minY >= 44 && box.maxY <= 78, "\(box)")
        let location = try #require(d.maxLocation)
        #expect(location.x >= box.minX && location.x <= box.maxX && location.y >= box.minY && location.y <= box.maxY)
    }

    /// The same text on the real poster: a changed nickname is caught.
    @Test func changedNicknameOnAPosterIsFound() throws {
        let theme = try GoldenTestSupport.themes.theme("classic")
        var result = QuizResult.catalogueSample(for: PersonalityCode("POOM")!, pack: .student)
        result.nickname = "小王"
        let before = try PNGDecoder().decode(renderer.render(result, theme: theme).png)
        result.nickname = "小玉"
        let after = try PNGDecoder().decode(renderer.render(result, theme: theme).png)
        let d = try difference(before, after)
        #expect(d.differingPixels > 10)
        #expect(!d.clusters.isEmpty)
    }

    @Test func blankImagesAreDetected() throws {
        let blank = try render(TinyTheme.load(elements: false))
        #expect(GoldenComparison.isBlank(blank))
        #expect(GoldenComparison.firstPixelHex(blank) == "#FFFFFFFF")
        #expect(!GoldenComparison.isBlank(try render(TinyTheme.load())))
        let onePixel = blank.setting(x: 119, y: 79, channel: 0, to: 254)
        #expect(!GoldenComparison.isBlank(onePixel))
    }

    @Test func sizeMismatchIsNotComparable() {
        let small = DecodedImage(width: 2, height: 2, rgba: [UInt8](repeating: 9, count: 16))
        let wide = DecodedImage(width: 4, height: 1, rgba: [UInt8](repeating: 9, count: 16))
        #expect(GoldenComparison.compare(expected: small, actual: wide)
            == .sizeMismatch(expected: GoldenSize(width: 2, height: 2), actual: GoldenSize(width: 4, height: 1)))
    }

    @Test func diffImageHighlightsDarkerAndLighterInTwoColoursAndBoxesClusters() throws {
        let before = try render(TinyTheme.load(x: 10))
        let after = try render(TinyTheme.load(x: 11))
        let d = try difference(before, after)
        let diff = DiffImage.diff(expected: before, actual: after, difference: d)
        #expect(diff.width == before.width && diff.height == before.height)
        #expect(diff.count(DiffImage.darkerColour) == 40)
        #expect(diff.count(DiffImage.lighterColour) == 40)
        #expect(diff.count(DiffImage.boxColour) > 0)
        // The unchanged part of the box shows faded, not black: the background is the expected image, faded.
        let faded = diff.channel(x: 40, y: 30, 0)
        #expect(faded > 150 && faded < 255)
        // Encodes as a PNG that decodes to the same pixels.
        #expect(try PNGDecoder().decode(DiffImage.encodePNG(diff)) == diff)

        let side = DiffImage.sideBySide(expected: before, actual: after)
        #expect(side.width == 16 * 3 + 2 * before.width)
        #expect(side.channel(x: 16 + 30, y: 16 + 25, 0) == 0)  // golden: box covers x 20...59
        #expect(side.channel(x: 16 * 2 + 120 + 20, y: 16 + 25, 0) == 255)  // render: the box moved off x 20
    }
}
