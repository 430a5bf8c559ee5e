import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

/// The display list is plain data: it can cross threads, be compared, and be drawn
/// anywhere; the encoder seam turns its raster into bytes.
@Suite struct DisplayListValueTests {
    static func requireSendable<T: Sendable>(_ value: T) -> T { value }

    let result = QuizResult(scores: DimensionScores(c: 5, s: -5, e: 3, a: -8))

    @Test func layingOutTwiceGivesEqualListsWithGlyphRuns() throws {
        let renderer = try PosterRenderer()
        let theme = try Theme.load(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Themes/classic").standardizedFileURL)
        let first = Self.requireSendable(try renderer.layOut(result, theme: theme))
        let second = try renderer.layOut(result, theme: theme)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        let runs = first.items.flatMap(Self.glyphRuns)
        #expect(!runs.isEmpty)
        #expect(runs.allSatisfy { !$0.font.file.isEmpty && $0.font.size > 0 })
        #expect(runs.contains { $0.kind == .colorBitmap }, "the classic poster draws its type's emoji")
    }

    @Test func aListDrawnOnAnotherThreadGivesTheRendersPixelsAndPNG() async throws {
        let renderer = try PosterRenderer()
        let theme = try Theme.load(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Themes/classic").standardizedFileURL)
        let list = try renderer.layOut(result, theme: theme)
        let drawn = try await Task.detached { try renderer.draw(list, theme: theme) }.value
        let rendered = try renderer.raster(result, theme: theme)
        #expect(drawn == rendered)
        #expect(drawn.width == 750 && drawn.height == 1334)
        let poster = try await renderer.render(result, theme: theme)
        #expect(poster.bytes == (try PNG().encode(drawn)))
        #expect(poster.mediaType == "image/png" && poster.fileExtension == "png")
    }

    @Test func aCustomEncoderIsUsedWithoutTouchingLayoutOrDrawing() throws {
        /// A toy format: width, height, then the top-left pixel's straight RGBA.
        struct CornerEncoder: PosterEncoder {
            var fileExtension: String { "corner" }
            var mediaType: String { "application/x-corner" }
            func encode(_ raster: Raster) throws(RenderError) -> [UInt8] {
                let pixel = raster.rgba(x: 0, y: 0)
                return [UInt8(raster.width / 10), UInt8(raster.height / 10), pixel.r, pixel.g, pixel.b, pixel.a]
            }
        }
        let theme = try Theme.load(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Themes/classic").standardizedFileURL)
        let renderer = try PosterRenderer(encoder: CornerEncoder())
        let poster = try renderer.render(result, theme: theme)
        #expect(poster.fileExtension == "corner")
        #expect(poster.bytes.count == 6 && poster.bytes[0] == 75 && poster.bytes[1] == 133 && poster.bytes[5] == 255)
    }

    static func glyphRuns(_ item: DisplayItem) -> [GlyphRun] {
        switch item {
        case .text(let text, _, _, _, _): text.lines.flatMap(\.runs)
        case .group(let children, _, _, _, _, _): children.flatMap(glyphRuns)
        case .shape, .image, .qr: []
        }
    }
}
