import NMTIDomain
import PosterGraphics
import Testing
@testable import PosterKit

@Suite struct FlowAndContentTests {
    let stackTheme = """
        { canvas: { width: 200, height: 300, background: "#FFFFFF" },
          elements: [ { type: "stack", x: 10, y: 10, width: 180, spacing: 6, children: [
            { type: "text", text: "{nickname}", when: "nickname", size: 14 },
            { type: "text", text: "{description}", size: 12, lineHeight: 1.2 },
            { type: "shape", id: "marker", height: 4, fill: "#FF0000" },
          ] } ] }
        """

    func markerY(_ items: [DisplayItem]) -> Double? {
        for item in items {
            if case .shape(let geometry, let fill, _, _) = item, fill == .solid(Color(hex: "#FF0000")!) { return geometry.bounds.y }
        }
        return nil
    }

    @Test func stacksPushLaterElementsDownAndSkipHiddenOnes() throws {
        let plain = try RenderedTheme(stackTheme)
        let named = try RenderedTheme(stackTheme, result: QuizResult(scores: DimensionScores(c: 5, s: -5, e: 3, a: -8), nickname: "一个名字\n两行"))
        let plainY = try #require(markerY(plain.items)), namedY = try #require(markerY(named.items))
        #expect(namedY > plainY + 30)
        #expect(plainY > 10 + 12 * 4)  // the description's several lines came first
    }

    @Test func qrModulesLandOnWholeDevicePixels() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 120, height: 120, background: "#FFFFFF" },
              elements: [ { type: "qr", x: 10.25, y: 10.75, width: 99.3, color: "#000000", background: "#FFFFFF" } ] }
            """)
        var grey = 0, dark = 0
        for y in 0..<r.image.height {
            for x in 0..<r.image.width {
                let value = Int(r.image.rgba[(y * r.image.width + x) * 4])
                if value > 10 && value < 245 { grey += 1 }
                if value < 10 { dark += 1 }
            }
        }
        #expect(grey == 0, "anti-aliased QR pixels: \(grey)")
        #expect(dark > 1000)
    }

    @Test func imagesFitCoverContainAndCircleClip() throws {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='100'><rect width='200' height='100' fill='#0000FF'/></svg>"
        let r = try RenderedTheme("""
            { canvas: { width: 200, height: 100, background: "#FFFFFF" },
              elements: [
                { type: "image", src: "wide.svg", x: 0, y: 0, width: 50, height: 50, fit: "contain" },
                { type: "image", src: "wide.svg", x: 60, y: 0, width: 50, height: 50, fit: "cover" },
                { type: "image", src: "wide.svg", x: 120, y: 0, width: 50, height: 50, fit: "cover", circle: true },
                { type: "image", src: "wide.svg", x: 0, y: 60, width: 40, opacity: 0.5 },
              ] }
            """, files: ["wide.svg": svg])
        #expect(r.isClose(r.pixel(25, 5), "#FFFFFF"))  // contain leaves bands above and below
        #expect(r.isClose(r.pixel(25, 25), "#0000FF"))
        #expect(r.isClose(r.pixel(61, 1), "#0000FF"))  // cover fills the corner
        #expect(r.isClose(r.pixel(121, 1), "#FFFFFF"))  // the circle clips the corner
        #expect(r.isClose(r.pixel(145, 25), "#0000FF"))
        let faded = r.pixel(20, 70)
        #expect(abs(faded.r - 128) < 4 && faded.b > 250)  // half-transparent blue over white; height from aspect
    }

    @Test func dimensionsChartPlacesMarkersByScore() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 300, height: 200, background: "#FFFFFF" },
              elements: [ { type: "dimensions", x: 10, y: 10, width: 280, labelWidth: 60, showCaptions: false,
                            fillColor: "#FF0000", trackColor: "#DDDDDD", barHeight: 8, rowGap: 10 } ] }
            """)
        // c = +5 leans to the left (positive pole), s = -5 to the right.
        let markers = r.items.compactMap { item -> ShapeGeometry? in
            if case .shape(let geometry, _, let stroke, _) = item, stroke != nil { return geometry }
            return nil
        }
        #expect(markers.count == 4)
        let centre = 10 + 60 + (280 - 120) / 2.0
        #expect(markers[0].bounds.midX < centre)
        #expect(markers[1].bounds.midX > centre)
        #expect(r.notes.isEmpty)
    }

    @Test func sentenceOverflowKeepsWholeSentencesAndNotesIt() throws {
        // Every description has several sentences; three 12 pt lines 220 pt wide hold only some.
        let r = try RenderedTheme("""
            { canvas: { width: 240, height: 200 },
              elements: [ { type: "text", id: "desc", x: 10, y: 10, width: 220, text: "{description}", size: 12,
                            maxLines: 3, overflow: "sentence" } ] }
            """)
        let note = try #require(r.notes.first { $0.kind == .shortened }, "\(r.notes)")
        #expect(note.element == "desc")
        #expect(note.detail.hasPrefix("kept ") && note.detail.hasSuffix(" sentences"), "\(note)")
        #expect(!r.notes.contains { $0.kind == .ellipsised || $0.isProblem })
        guard case .text(let shaped, _, _, _, _) = r.items.first else { Issue.record("no text item"); return }
        #expect(!shaped.text.contains("…"))
        #expect("。！？!?”」』）".contains(shaped.text.last!), "\(shaped.text)")
    }

    @Test func overflowAcceptsOnlyItsTwoValues() throws {
        let errors = try loadErrors(#"{ elements: [ { type: "text", text: "x", overflow: "clip" } ] }"#)
        #expect(errors.contains { $0.path.description == "elements[0].overflow" && $0.message.contains("ellipsis") && $0.message.contains("sentence") },
                "\(errors.map(\.description))")
    }

    @Test func textOutsideTheCanvasIsReported() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 100, height: 100 },
              elements: [ { type: "text", x: 60, y: 90, width: 80, text: "{title}", size: 20 } ] }
            """)
        #expect(r.notes.contains { $0.kind == .outsideCanvas })
    }
}

extension Rect {
    var midX: Double { x + width / 2 }
}
