import CCairo
import PosterDisplay
import Testing
@testable import PosterGraphics

/// Radial gradients computed by the canvas against Cairo's own radial patterns.
@Suite struct RadialFillTests {
    typealias Case = (name: String, geometry: ShapeGeometry, paint: Paint, background: Color)

    static func pink(_ alpha: Double) -> Color { Color(red: 1, green: 0.18, blue: 0.39, alpha: alpha) }
    static let cases: [Case] = [
        ("neon hero glow", .rect(Rect(x: 0, y: 0, width: 120, height: 90), cornerRadius: 0),
         .radialGradient(center: Point(x: 60, y: 32), radius: 74,
                         stops: [GradientStop(offset: 0, color: pink(0.25)),
                                 GradientStop(offset: 0.5, color: pink(0.08)),
                                 GradientStop(offset: 1, color: pink(0))]),
         Color(red: 0.03, green: 0.03, blue: 0.06, alpha: 1)),
        ("opaque disc, off-centre, padded", .ellipse(Rect(x: 7.3, y: 5.6, width: 70, height: 50)),
         .radialGradient(center: Point(x: 30, y: 25), radius: 20,
                         stops: [GradientStop(offset: 0.2, color: Color(red: 1, green: 1, blue: 0, alpha: 1)),
                                 GradientStop(offset: 0.9, color: Color(red: 0, green: 0.2, blue: 0.8, alpha: 1))]),
         Color(red: 1, green: 1, blue: 1, alpha: 1)),
        ("hard step", .rect(Rect(x: 10, y: 10, width: 60, height: 60), cornerRadius: 12),
         .radialGradient(center: Point(x: 40, y: 40), radius: 30,
                         stops: [GradientStop(offset: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 1)),
                                 GradientStop(offset: 0.5, color: Color(red: 0, green: 0, blue: 0, alpha: 1)),
                                 GradientStop(offset: 0.5, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
                                 GradientStop(offset: 1, color: Color(red: 1, green: 0, blue: 0, alpha: 0))]),
         Color(red: 0.9, green: 0.9, blue: 0.9, alpha: 1)),
    ]

    /// The canvas's pixels, and Cairo's for the same path and pattern, as straight RGBA.
    func render(_ item: Case) throws -> (ours: [UInt8], cairos: [UInt8], width: Int) {
        let size = Size(width: 120, height: 90)
        let canvas = PosterCanvas()
        let ours = Self.bytes(try canvas.draw([.shape(item.geometry, fill: item.paint, stroke: nil, shadow: nil)], size: size,
                                              background: item.background))
        let reference = try ImageSurface(width: 240, height: 180)
        let context = try CairoContext(surface: reference)
        let cr = context.handle
        cairo_set_source_rgba(cr, item.background.red, item.background.green, item.background.blue, 1)
        cairo_paint(cr)
        cairo_scale(cr, 2, 2)
        canvas.addPath(item.geometry, in: cr)
        canvas.setPaint(item.paint, in: cr)
        cairo_fill(cr)
        let cairos = reference.withPixels { pixels in
            Self.bytes(Raster(width: 240, height: 180, pixels: Array(pixels.bindMemory(to: UInt32.self)))!)
        }
        return (ours, cairos, 240)
    }

    static func bytes(_ raster: Raster) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster.rgba(x: x, y: y)
                out += [p.r, p.g, p.b, p.a]
            }
        }
        return out
    }

    @Test(arguments: cases.indices)
    func matchesCairoWithinOneLevel(index: Int) throws {
        let item = Self.cases[index]
        let (ours, cairos, _) = try render(item)
        #expect(ours.count == cairos.count)
        let differences = zip(ours, cairos).map { abs(Int($0) - Int($1)) }
        let largest = differences.max() ?? 0
        let differing = differences.filter { $0 > 0 }.count
        // Measured: at most 1 level in under 1% of the channels, the hard step included.
        #expect(largest <= 1, "\(item.name): largest difference \(largest)")
        #expect(Double(differing) < Double(ours.count) * 0.02, "\(item.name): \(differing) of \(ours.count) channels differ")
    }

    @Test func theTablePadsBeyondTheStopsAndPremultiplies() {
        let table = PosterCanvas.radialTable([
            GradientStop(offset: 0.25, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
            GradientStop(offset: 0.75, color: Color(red: 0, green: 0, blue: 1, alpha: 1)),
        ])
        #expect(table.count == PosterCanvas.radialTableSize)
        #expect(table.first == 0x80_80_00_00)  // alpha 128, red 128 (1 x 0.5 premultiplied)
        #expect(table.last == 0xFF_00_00_FF)
        let middle = table[PosterCanvas.radialTableSize / 2]
        #expect(middle >> 24 == 191 || middle >> 24 == 192)  // alpha halfway between 0.5 and 1
    }
}
