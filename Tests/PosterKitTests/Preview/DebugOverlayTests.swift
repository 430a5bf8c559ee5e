import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

/// The debug boxes: drawn over a copy of the poster from its layout dump, so the poster
/// is unchanged, the boxes show where the dump says, and a story shades its safe zones.
@Suite("Debug overlay") struct DebugOverlayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func theme(_ format: String = PosterFormat.defaultName) throws -> Theme {
        let theme = try ThemeStore(directory: root.appendingPathComponent("Themes")).theme("classic")
        return try #require(theme.inFormat(format))
    }

    static func output(_ theme: Theme, renderer: PosterRenderer) throws -> RenderOutput {
        let result = QuizResult.catalogueSample(for: PersonalityCode("PRED")!, pack: .workplace)
        return try renderer.run(RenderRequest(result, theme: theme, through: .raster, extras: .layoutDump))
    }

    @Test func drawsBoxesOverTheSamePosterAndLeavesTheRestAlone() throws {
        let renderer = try PosterRenderer(workers: 1)
        let theme = try Self.theme()
        let output = try Self.output(theme, renderer: renderer)
        let poster = try #require(output.raster)
        let dump = try #require(output.layoutDump)
        let overlay = try DebugOverlay(dump: dump, theme: theme).draw(over: poster)
        #expect(overlay.width == poster.width && overlay.height == poster.height)
        #expect(overlay != poster)
        // The poster drawn with the extras is the poster drawn without them: the boxes never reach it.
        let plain = try renderer.run(RenderRequest(QuizResult.catalogueSample(for: PersonalityCode("PRED")!, pack: .workplace), theme: theme, through: .raster))
        #expect(plain.raster == poster)
        // A box edge is drawn where the dump puts the QR code as drawn; most pixels stay as they were.
        let qr = try #require(dump.elements.compactMap(\.qr).first)
        let edge = (x: Int((qr.drawn.x * 2).rounded()), y: Int(((qr.drawn.y + qr.drawn.height / 2) * 2).rounded()))
        #expect(overlay.rgba(x: edge.x, y: edge.y) != poster.rgba(x: edge.x, y: edge.y))
        let unchanged = zip(overlay.pixels, poster.pixels).filter { $0 == $1 }.count
        #expect(Double(unchanged) / Double(poster.pixels.count) > 0.7)
    }

    @Test func shadesTheSafeZonesOfAStory() throws {
        let renderer = try PosterRenderer(workers: 1)
        #expect(try Self.theme().layout.format.safeInsets.isZero)
        let theme = try Self.theme("story")
        let output = try Self.output(theme, renderer: renderer)
        let poster = try #require(output.raster)
        let overlay = try DebugOverlay(dump: try #require(output.layoutDump), theme: theme).draw(over: poster)
        // Pixels just inside the top and bottom bands, away from the edges: shaded.
        let insets = theme.layout.format.safeInsets
        #expect(insets.top > 0 && insets.bottom > 0)
        for y in [Int(insets.top * 2) - 6, poster.height - Int(insets.bottom * 2) + 6] {
            let before = poster.rgba(x: 6, y: y), after = overlay.rgba(x: 6, y: y)
            #expect(after != before, "y \(y): \(before) -> \(after)")
        }
    }
}
