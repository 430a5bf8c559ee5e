import PosterDisplay
import Testing
@testable import PosterGraphics

/// The shaper's cache of laid-out texts: the same inputs give the same value
/// whether it was shaped or remembered, every input that decides a layout is in
/// the key, and the cache stays within its bounds.
@Suite struct LayoutCacheTests {
    let style = TextStyle(family: "Noto Sans CJK SC", size: 14, alignment: .justify, punctuation: .compress)
    let text = "你在角落默默充电，“别叫我”是你的口头禅。Deadline 前一晚才开始 KPI 复盘。"

    @Test func aRememberedLayoutIsTheShapedOne() throws {
        let cached = try TextShaper(library: FontLibrary.standard())
        let fresh = try TextShaper(library: FontLibrary.standard(), layoutCapacity: 0)
        let first = cached.layOut(text, style: style, width: 180)
        let again = cached.layOut(text, style: style, width: 180)
        #expect(cached.layoutCache.hits == 1 && cached.layoutCache.misses == 1)
        #expect(again == first)
        #expect(again == fresh.layOut(text, style: style, width: 180))
        #expect(fresh.layoutCache.count == 0 && fresh.layoutCache.misses == 1)
    }

    @Test func everyInputOfALayoutIsInTheKey() throws {
        let shaper = try TextShaper(library: FontLibrary.standard())
        let base = shaper.layOut(text, style: style, width: 180)
        var bigger = style
        bigger.size = 16
        var spaced = style
        spaced.letterSpacing = 1
        let variants = [
            shaper.layOut(text, style: style, width: 150),
            shaper.layOut(text, style: bigger, width: 180),
            shaper.layOut(text, style: spaced, width: 180),
            shaper.layOut(text + "！", style: style, width: 180),
            shaper.layOut(text, style: style, width: 180, maxHeight: 20),
        ]
        #expect(shaper.layoutCache.hits == 0)
        for variant in variants { #expect(variant != base) }
        let inked = shaper.layOut(text, style: style, width: 180, measuringInk: true)
        #expect(inked.inkBounds != nil && base.inkBounds == nil)
        #expect(shaper.layoutCache.hits == 0)
    }

    @Test func staysWithinTwoGenerationsAndKeepsWhatIsInUse() throws {
        let shaper = try TextShaper(library: FontLibrary.standard(), layoutCapacity: 4)
        let plain = TextStyle(family: "Noto Sans CJK SC", size: 12)
        _ = shaper.layOut("常用", style: plain, width: nil)
        for index in 0..<20 {
            _ = shaper.layOut("第\(index)行", style: plain, width: nil)
            _ = shaper.layOut("常用", style: plain, width: nil)
            #expect(shaper.layoutCache.count <= 8)
        }
        // "常用" was asked for after every new text, so it was never dropped.
        #expect(shaper.layoutCache.hits == 20)
        #expect(shaper.layoutCache.misses == 21)
    }

    @Test func aGenerationHoldsABoundedNumberOfBytes() throws {
        let shaper = try TextShaper(library: FontLibrary.standard())
        let plain = TextStyle(family: "Noto Sans CJK SC", size: 12)
        // Texts of 3,000 bytes: a generation holds 21 of them, so both at most 42.
        for index in 0..<60 {
            _ = shaper.layOut("\(1000 + index)" + String(repeating: "字", count: 998), style: plain, width: 500, maxHeight: 40)
            #expect(shaper.layoutCache.count <= 2 * (LayoutCache.generationBytes / 3000))
        }
        #expect(shaper.layoutCache.count >= LayoutCache.generationBytes / 3000)
    }

    @Test func longTextsAreNeverKept() throws {
        let shaper = try TextShaper(library: FontLibrary.standard())
        let long = String(repeating: "长", count: LayoutCache.longestText / 3 + 1)
        _ = shaper.layOut(long, style: style, width: 300, maxHeight: 100)
        _ = shaper.layOut(long, style: style, width: 300, maxHeight: 100)
        #expect(shaper.layoutCache.count == 0 && shaper.layoutCache.hits == 0)
    }
}
