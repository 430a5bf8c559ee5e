import Testing
@testable import PosterKit

/// `row` and `filler`: natural widths, leftover space, alignment, narrowing.
@Suite struct RowElementTests {
    /// The texts and shapes a list draws, flattened out of groups, in order.
    static func flat(_ items: [DisplayItem]) -> [DisplayItem] {
        items.flatMap { item -> [DisplayItem] in
            if case .group(let children, _, _, _, _, _) = item { return flat(children) }
            return [item]
        }
    }

    static func texts(_ items: [DisplayItem]) -> [(text: LaidOutText, origin: Point)] {
        flat(items).compactMap { item in
            if case .text(let text, let origin, _, _, _) = item { return (text, origin) }
            return nil
        }
    }

    @Test func fillersShareWhatTheOthersLeave() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 200, height: 40 },
              elements: [ { type: "row", x: 10, width: 180, spacing: 5, children: [
                { type: "shape", width: 20, height: 10, fill: "#000" },
                { type: "filler", leader: "dashes", size: 1, dash: 4, gap: 2 },
                { type: "shape", width: 30, height: 10, fill: "#000" },
                { type: "filler" },
                { type: "shape", x: 5, width: 15, height: 10, fill: "#000" },
              ] } ] }
            """)
        let shapes = Self.flat(r.items).compactMap { item -> Rect? in
            if case .shape(let geometry, _, _, _) = item { return geometry.bounds }
            return nil
        }
        // 180 - (20 + 30 + 5 + 15) - 4 x 5 = 90, 45 per filler; the last shape's x adds 5 before it.
        #expect(shapes.map(\.x) == [10, 37.5, 85, 175])
        // The dash leader: whole dashes only, centred in its 45 pt (from 35): 7 dashes and 6 gaps, 40 pt.
        #expect(shapes[1].width == 40)
        #expect(r.notes.isEmpty)
    }

    @Test func textsOfDifferentSizesShareABaseline() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 200, height: 60 },
              elements: [ { type: "row", x: 10, y: 10, width: 180, children: [
                { type: "text", text: "大字", size: 30 }, { type: "filler" }, { type: "text", text: "小字", size: 10 },
              ] } ] }
            """)
        let texts = Self.texts(r.items)
        try #require(texts.count == 2)
        let baselines = texts.map { $0.origin.y + $0.text.lines[0].baseline }
        #expect(abs(baselines[0] - baselines[1]) < 0.001)
        #expect(texts[0].origin.y == 10)  // the taller text sets the line
        #expect(abs(texts[1].origin.x + texts[1].text.size.width - 190) < 0.02)  // the second ends at the row's right edge
    }

    @Test func topCenterAndBottomAlignBoxes() throws {
        for (align, expected) in [("top", 0.0), ("center", 15.0), ("bottom", 30.0)] {
            let r = try RenderedTheme("""
                { canvas: { width: 100, height: 60 },
                  elements: [ { type: "row", width: 100, align: "\(align)", children: [
                    { type: "shape", width: 20, height: 40, fill: "#000" }, { type: "shape", width: 20, height: 10, fill: "#000" },
                  ] } ] }
                """)
            let small = Self.flat(r.items).compactMap { item -> Rect? in
                if case .shape(let geometry, _, _, _) = item { return geometry.bounds }
                return nil
            }.last
            #expect(small?.y == expected, "\(align)")
        }
    }

    @Test func aHiddenOrEmptyChildTakesNoSpacing() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 200, height: 40 },
              elements: [ { type: "row", width: 200, spacing: 10, children: [
                { type: "text", text: "{nickname}", size: 12 },
                { type: "shape", width: 20, height: 10, fill: "#000", when: "invited" },
                { type: "shape", width: 20, height: 10, fill: "#000" },
              ] } ] }
            """)
        guard case .shape(let geometry, _, _, _)? = Self.flat(r.items).first else {
            Issue.record("no shape: \(r.items)")
            return
        }
        #expect(geometry.bounds.x == 0)
    }

    @Test func aRowTooNarrowNarrowsItsFirstTextThenOverflows() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 200, height: 40 },
              elements: [ { type: "row", id: "line", width: 60, spacing: 4, children: [
                { type: "text", id: "label", text: "一二三四五六七八", size: 10, maxLines: 1 },
                { type: "filler", leader: "dots" },
                { type: "text", id: "figure", text: "99%", size: 10 },
              ] } ] }
            """)
        #expect(r.notes.contains { $0.element == "label" && $0.kind == .shrunk && $0.detail.contains("the row narrowed it") }, "\(r.notes)")
        #expect(r.notes.contains { $0.element == "label" && $0.kind == .ellipsised }, "\(r.notes)")
        #expect(!r.notes.contains { $0.kind == .overflowed }, "\(r.notes)")
        let tight = try RenderedTheme("""
            { canvas: { width: 200, height: 40 },
              elements: [ { type: "row", id: "line", width: 20, spacing: 4, children: [
                { type: "text", text: "一二三", size: 10 }, { type: "text", text: "99%", size: 10 },
              ] } ] }
            """)
        #expect(tight.notes.contains { $0.element == "line" && $0.kind == .overflowed }, "\(tight.notes)")
    }

    @Test func aNestedRowTakesItsNaturalWidth() throws {
        let r = try RenderedTheme("""
            { canvas: { width: 200, height: 40 },
              elements: [ { type: "row", width: 200, children: [
                { type: "row", spacing: 5, children: [
                  { type: "shape", width: 20, height: 10, fill: "#000" }, { type: "filler" },
                  { type: "shape", width: 20, height: 10, fill: "#000" } ] },
                { type: "filler" },
                { type: "shape", width: 30, height: 10, fill: "#000" },
              ] } ] }
            """)
        let xs = Self.flat(r.items).compactMap { item -> Double? in
            if case .shape(let geometry, _, _, _) = item { return geometry.bounds.x }
            return nil
        }
        #expect(xs == [0, 30, 170])  // the inner row is 20 + 5 + 0 + 5 + 20 wide
    }

    @Test func loadAsksForWidthsAndLeaderKeys() throws {
        let errors = try messages(#"{ elements: [ { type: "row", children: [ { type: "image", src: "a.svg" } ] } ] }"#)
        #expect(errors.contains { $0.contains("children[0] ('image') has no 'width'") }, "\(errors)")
        let dash = try messages(#"{ elements: [ { type: "filler", leader: "dots", dash: 3 } ] }"#)
        #expect(dash.contains { $0.contains("'dash' is the length of a dash") }, "\(dash)")
        let leader = try messages(#"{ elements: [ { type: "filler", leader: "dot" } ] }"#)
        #expect(leader.contains { $0.contains("dots") }, "\(leader)")
    }
}
