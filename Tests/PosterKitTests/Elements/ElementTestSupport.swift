import Foundation
import NMTIDomain
import PosterGraphics
@testable import PosterKit
@testable import PosterPNG

/// Renders a small theme for one result and gives pixel access in poster points.
struct RenderedTheme {
    let image: DecodedImage
    let notes: [FitNote]
    let items: [DisplayItem]

    init(_ json5: String, files: [String: String] = [:], result: QuizResult = QuizResult(scores: DimensionScores(c: 5, s: -5, e: 3, a: -8))) throws {
        let theme = try Theme.load(from: try makeTheme(json5, files: files))
        let renderer = try PosterRenderer()
        let poster = try renderer.render(result, theme: theme)
        image = try PNGDecoder().decode(poster.bytes)
        notes = poster.notes
        let shaper = try TextShaper(library: FontLibrary.standard())
        items = try PosterRenderer.layout(theme: theme, values: theme.bind(ResolvedResult(result)), shaper: shaper).list.items
    }

    /// The RGBA pixel at a point (device pixel at twice the coordinates).
    func pixel(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        let px = Int(x * 2), py = Int(y * 2)
        let offset = (py * image.width + px) * 4
        return (Int(image.rgba[offset]), Int(image.rgba[offset + 1]), Int(image.rgba[offset + 2]), Int(image.rgba[offset + 3]))
    }

    func isClose(_ p: (r: Int, g: Int, b: Int, a: Int), _ hex: String, tolerance: Int = 6) -> Bool {
        let c = Color(hex: hex)!
        return abs(p.r - Int(c.red * 255)) <= tolerance && abs(p.g - Int(c.green * 255)) <= tolerance
            && abs(p.b - Int(c.blue * 255)) <= tolerance
    }
}
