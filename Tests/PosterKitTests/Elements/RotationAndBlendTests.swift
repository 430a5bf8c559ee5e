import Testing
@testable import PosterKit

/// `rotate`, `origin` and `blend` on any element, and a group's circle clip.
@Suite struct RotationAndBlendTests {
    @Test func aQuarterTurnAboutTheCentreStandsABarUpright() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100, background: "#FFFFFF" },
              elements: [ { type: "shape", x: 20, y: 45, width: 60, height: 10, fill: "#000000", rotate: 90 } ] }
            """)
        #expect(r.isClose(r.pixel(50, 25), "#000000"))  // turned into the column x 45...55, y 20...80
        #expect(r.isClose(r.pixel(25, 50), "#FFFFFF"))  // where the bar was
        let bounds = try #require(r.items.first?.bounds)
        #expect(abs(bounds.x - 45) < 1e-9 && abs(bounds.y - 20) < 1e-9 && abs(bounds.width - 10) < 1e-9 && abs(bounds.height - 60) < 1e-9)
    }

    @Test func theOriginIsAFractionOfTheBox() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100, background: "#FFFFFF" },
              elements: [ { type: "shape", x: 50, y: 50, width: 40, height: 10, fill: "#000000", rotate: 90, origin: [0, 0] } ] }
            """)
        // About its top-left corner, clockwise: the bar now hangs down-left of (50, 50).
        #expect(r.isClose(r.pixel(45, 70), "#000000"))
        #expect(r.isClose(r.pixel(70, 55), "#FFFFFF"))
    }

    @Test func aRotatedGroupTurnsItsClipWithItsChildren() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100, background: "#FFFFFF" },
              elements: [ { type: "group", x: 30, y: 30, width: 40, height: 40, clip: true, rotate: 45, children: [
                { type: "shape", x: -50, y: -50, width: 140, height: 140, fill: "#FF0000" } ] } ] }
            """)
        #expect(r.isClose(r.pixel(50, 23), "#FF0000"))  // a corner of the turned square, above the unturned box
        #expect(r.isClose(r.pixel(32, 32), "#FFFFFF"))  // the unturned box's corner, cut off by the turned clip
    }

    @Test func rotationKeepsTheFlowAndTheCanvasCheckSeesTheTurnedBox() throws {
        let theme = """
            { canvas: { width: 200, height: 100, background: "#FFFFFF" },
              elements: [ { type: "stack", x: 10, y: Y, width: 100, children: [
                { type: "text", text: "盖章", size: 20, rotate: 30 },
                { type: "shape", height: 10, fill: "#000000" } ] } ] }
            """
        let r = try RenderedTheme(theme.replacingOccurrences(of: "Y", with: "40"))
        #expect(r.notes.isEmpty, "\(r.notes)")
        // The bar sits where the unturned text ended.
        guard case .shape(let geometry, _, _, _)? = r.items.last else {
            Issue.record("no bar: \(r.items)")
            return
        }
        #expect(geometry.bounds.y > 60 && geometry.bounds.y < 75)
        // At the top edge the unturned text would fit; turned, a corner leaves the canvas.
        let top = try RenderedTheme(theme.replacingOccurrences(of: "Y", with: "0"))
        #expect(top.notes.map(\.kind) == [.outsideCanvas], "\(top.notes)")
    }

    @Test func multiplyDarkensLikeInkAndScreenLightens() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100, background: "#FFFFFF" },
              elements: [
                { type: "shape", width: 50, height: 100, fill: "#FFFF00" },
                { type: "shape", x: 50, width: 50, height: 100, fill: "#000080" },
                { type: "shape", x: 0, y: 10, width: 100, height: 20, fill: "#00FFFF", blend: "multiply" },
                { type: "shape", x: 0, y: 60, width: 100, height: 20, fill: "#808000", blend: "screen" },
              ] }
            """)
        #expect(r.isClose(r.pixel(25, 20), "#00FF00"))  // yellow x cyan
        #expect(r.isClose(r.pixel(75, 20), "#000080"))  // navy x cyan keeps the blue
        #expect(r.isClose(r.pixel(25, 70), "#FFFF00"))  // screen over yellow
        #expect(r.isClose(r.pixel(75, 70), "#808080", tolerance: 8))  // olive screened on navy
        #expect(r.isClose(r.pixel(25, 50), "#FFFF00"))  // untouched between the bands
    }

    @Test func aCircleClipCutsTheCorners() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100, background: "#FFFFFF" },
              elements: [ { type: "group", x: 10, y: 10, width: 80, height: 80, clip: "circle", children: [
                { type: "shape", width: 80, height: 80, fill: "#0000FF" } ] } ] }
            """)
        #expect(r.isClose(r.pixel(50, 50), "#0000FF"))
        #expect(r.isClose(r.pixel(50, 11), "#0000FF"))
        #expect(r.isClose(r.pixel(14, 14), "#FFFFFF"))
        guard case .group(_, _, .ellipse(let frame)?, _, _, _) = r.items.first else {
            Issue.record("expected an ellipse clip, got \(String(describing: r.items.first))")
            return
        }
        #expect(frame == Rect(x: 10, y: 10, width: 80, height: 80))
    }

    @Test func aBlendFoldsIntoTheGroupsOwnLayer() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 60, height: 60 },
              elements: [ { type: "group", width: 40, height: 40, clip: "rect", blend: "multiply", rotate: 10,
                            children: [ { type: "shape", width: 40, height: 40, fill: "#FF0000" } ] } ] }
            """)
        guard case .group(let children, _, .rect?, nil, let rotation?, .multiply) = r.items.first else {
            Issue.record("expected one clipped, turned, multiplied group, got \(r.items)")
            return
        }
        #expect(children.count == 1)
        #expect(rotation.degrees == 10 && rotation.center == Point(x: 20, y: 20))
    }

    @Test func loadRefusesWhatCannotBeDrawn() throws {
        let qr = try messages(#"{ elements: [ { type: "group", rotate: 5, children: [ { type: "qr", width: 100 } ] } ] }"#)
        #expect(qr.contains { $0.contains("elements[0].rotate") && $0.contains("a QR code cannot be rotated") }, "\(qr)")
        let blend = try messages(#"{ elements: [ { type: "text", text: "x", blend: "overlay" } ] }"#)
        #expect(blend.contains { $0.contains("blend") && $0.contains("multiply") }, "\(blend)")
        let range = try messages(#"{ elements: [ { type: "text", text: "x", rotate: 720 } ] }"#)
        #expect(range.contains { $0.contains("rotate") }, "\(range)")
        let clip = try messages(#"{ elements: [ { type: "group", clip: 1, children: [] } ] }"#)
        #expect(clip.contains { $0.contains("clip") && $0.contains("circle") }, "\(clip)")
        let origin = try messages(#"{ elements: [ { type: "text", text: "x", rotate: 5, origin: [0.5] } ] }"#)
        #expect(origin.contains { $0.contains("origin") }, "\(origin)")
    }

    @Test func aWholeTurnIsNoTurn() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 40, height: 40 }, elements: [ { type: "shape", width: 10, height: 10, fill: "#000", rotate: 360 } ] }
            """)
        guard case .shape = r.items.first else {
            Issue.record("a 360 degree turn still wraps the shape: \(r.items)")
            return
        }
    }
}

/// Each load problem of a theme, as printed (file:line:column, JSON path and message).
func messages(_ json5: String) throws -> [String] {
    try loadErrors(json5).map(\.description)
}
