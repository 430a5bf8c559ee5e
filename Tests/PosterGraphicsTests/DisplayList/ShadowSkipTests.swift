import CCairo
import PosterDisplay
import Testing
@testable import PosterGraphics

/// The area a shape's own opaque fill hides, where its shadow is not composited.
/// (That skipping changes no pixel is checked by the goldens: every classic card has one.)
@Suite struct ShadowSkipTests {
    let frame = Rect(x: 16, y: 216, width: 343, height: 370)

    @Test func onlyAnOpaqueSolidFillHidesTheShadow() {
        let rounded = ShapeGeometry.rect(frame, cornerRadius: 18)
        #expect(PosterCanvas.opaqueInterior(of: rounded, fill: .solid(Color(red: 1, green: 1, blue: 0.97, alpha: 1))) != nil)
        #expect(PosterCanvas.opaqueInterior(of: rounded, fill: .solid(Color(red: 1, green: 1, blue: 1, alpha: 0.99))) == nil)
        #expect(PosterCanvas.opaqueInterior(of: rounded, fill: nil) == nil)
        let gradient = Paint.linearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: 1), stops: [])
        #expect(PosterCanvas.opaqueInterior(of: rounded, fill: gradient) == nil)
        #expect(PosterCanvas.opaqueInterior(of: .line(from: Point(x: 0, y: 0), to: Point(x: 9, y: 9)),
                                            fill: .solid(.black)) == nil)
    }

    @Test func roundedCornersAreLeftOut() throws {
        // Whichever of the two corner-free bands is larger: here the full-width one.
        let card = try #require(PosterCanvas.opaqueInterior(of: .rect(frame, cornerRadius: 18), fill: .solid(.black)))
        #expect(card == Rect(x: 16, y: 234, width: 343, height: 334))
        // A flat bar keeps its full height instead.
        let barFrame = Rect(x: 0, y: 0, width: 300, height: 40)
        let bar = try #require(PosterCanvas.opaqueInterior(of: .rect(barFrame, cornerRadius: 10), fill: .solid(.black)))
        #expect(bar == Rect(x: 10, y: 0, width: 280, height: 40))
        let circle = try #require(PosterCanvas.opaqueInterior(of: .ellipse(Rect(x: 0, y: 0, width: 100, height: 100)),
                                                             fill: .solid(.black)))
        // The inscribed square of a circle of radius 50 has corners on the circle.
        let corner = (circle.minX - 50) * (circle.minX - 50) + (circle.minY - 50) * (circle.minY - 50)
        #expect(abs(corner - 2500) < 1e-6)
    }

    @Test func wholePixelsStayOnePixelInsideTheEdges() throws {
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 2, 2)
        let pixels = try #require(PosterCanvas.wholePixels(inside: Rect(x: 10.3, y: 20, width: 50, height: 30), matrix: matrix))
        // Device x 20.6 ... 120.6, y 40 ... 100.
        #expect(pixels == Rect(x: 22, y: 41, width: 97, height: 58))
        #expect(PosterCanvas.wholePixels(inside: Rect(x: 0, y: 0, width: 0.8, height: 10), matrix: matrix) == nil)
        cairo_matrix_init_rotate(&matrix, 0.3)
        #expect(PosterCanvas.wholePixels(inside: Rect(x: 0, y: 0, width: 50, height: 50), matrix: matrix) == nil)
    }
}
