import Testing
@testable import PosterKit

@Suite struct ShapeAndGroupTests {
    @Test func rectanglesEllipsesAndLinesFillAndStroke() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100, background: "#FFFFFF" },
              elements: [
                { type: "shape", x: 10, y: 10, width: 30, height: 20, fill: "#FF0000" },
                { type: "shape", shape: "ellipse", x: 50, y: 10, width: 40, height: 20, fill: "#0000FF" },
                { type: "shape", shape: "circle", x: 10, y: 50, width: 30, fill: "#00FF00",
                  stroke: { color: "#000000", width: 2 } },
                { type: "shape", shape: "line", x: 50, y: 60, width: 40, height: 0,
                  stroke: { color: "#000000", width: 4, dash: [4, 4] } },
              ] }
            """)
        #expect(r.isClose(r.pixel(25, 20), "#FF0000"))
        #expect(r.isClose(r.pixel(70, 20), "#0000FF"))
        #expect(r.isClose(r.pixel(51, 11), "#FFFFFF"))  // outside the ellipse's curve
        #expect(r.isClose(r.pixel(25, 65), "#00FF00"))
        #expect(r.isClose(r.pixel(25, 50.5), "#000000", tolerance: 60))  // stroke on the circle's top
        // Dashed: some of the line's pixels are ink, some are gaps.
        let line = stride(from: 50.0, to: 90, by: 0.5).map { r.pixel($0, 60) }
        #expect(line.contains { $0.r < 60 } && line.contains { $0.r > 200 })
    }

    @Test func linearAndRadialGradientsRunBetweenTheirStops() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100 },
              elements: [
                { type: "shape", x: 0, y: 0, width: 50, height: 100,
                  fill: { type: "linear", angle: 180, stops: ["#000000", "#FFFFFF"] } },
                { type: "shape", x: 50, y: 0, width: 50, height: 100,
                  fill: { type: "radial", center: [0.5, 0.5], radius: 0.5, stops: ["#FF0000", "#0000FF"] } },
              ] }
            """)
        #expect(r.pixel(25, 1).r < 20)
        #expect(r.pixel(25, 99).r > 235)
        #expect(abs(r.pixel(25, 50).r - 128) < 12)
        #expect(r.isClose(r.pixel(75, 50), "#FF0000", tolerance: 20))
        #expect(r.pixel(75, 99).b > 200)
    }

    @Test func shadowsAreBlurredAndOffset() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100, background: "#FFFFFF" },
              elements: [ { type: "shape", x: 30, y: 30, width: 40, height: 40, fill: "#FFFFFF",
                            shadow: { color: "#000000", x: 0, y: 10, blur: 6 } } ] }
            """)
        #expect(r.pixel(50, 50).r > 250)  // the shape itself
        let below = r.pixel(50, 74).r, further = r.pixel(50, 82).r
        #expect(below < 200 && further > below)  // dark just below, fading with distance
    }

    @Test func groupsApplyOpacityAndClipToTheirChildren() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100, background: "#FFFFFF" },
              elements: [
                { type: "group", x: 0, y: 0, width: 50, height: 50, opacity: 0.5,
                  children: [ { type: "shape", width: 50, height: 50, fill: "#000000" } ] },
                { type: "group", x: 50, y: 50, width: 20, height: 20, clip: true,
                  children: [ { type: "shape", x: -10, y: -10, width: 60, height: 60, fill: "#FF0000" } ] },
              ] }
            """)
        #expect(abs(r.pixel(25, 25).r - 128) <= 2)
        #expect(r.isClose(r.pixel(60, 60), "#FF0000"))
        #expect(r.isClose(r.pixel(45, 45), "#FFFFFF") == false)  // still the half-black first group
        #expect(r.isClose(r.pixel(75, 75), "#FFFFFF"))  // clipped away
        #expect(r.isClose(r.pixel(49, 55), "#FFFFFF"))
    }
}
