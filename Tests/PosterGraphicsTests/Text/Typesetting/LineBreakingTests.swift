import PosterDisplay
import Testing
@testable import PosterGraphics

/// Line breaking by clreq: where lines may break, start and end.
@Suite struct LineBreakingTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    func lines(_ text: String, width: Double, align: TextAlignment = .left) -> [String] {
        shaper.shape(text, style: TextStyle(family: "Noto Sans CJK SC", size: 14, alignment: align), width: width).lineTexts
    }

    @Test func aLineMayBreakBeforeAnOpeningQuoteAfterHan() {
        let characters = Array("施令：“这个")
        #expect(LineBreakRules.allowsBreak(before: 3, in: characters))   // ：|“
        #expect(!LineBreakRules.allowsBreak(before: 4, in: characters))  // “|这
        #expect(!LineBreakRules.allowsBreak(before: 2, in: characters))  // 令|：
        // The review's case: DRED's first line no longer drags 令 down.
        let text = "小组作业你一个字不写，却最爱在群里发号施令：“这个方向不对，重来。”"
        let broken = lines(text, width: 303 * 14 / 13, align: .justify)
        #expect(broken.first?.hasSuffix("施令：") == true, "\(broken)")
    }

    @Test(arguments: ["·", "～", "‐", "，", "。", "”", "」", "…"])
    func markThatNeverStartsALine(mark: String) {
        for width in stride(from: 40.0, through: 160.0, by: 3) {
            let text = "阿\(mark)阿\(mark)阿\(mark)阿\(mark)阿\(mark)阿\(mark)阿\(mark)阿\(mark)"
            for line in lines(text, width: width).dropFirst() {
                #expect(line.first.map { String($0) } != mark, "width \(width): \(line)")
            }
        }
    }

    @Test func aCommaNeverStartsALineAfterAnOverLongWord() {
        for width in stride(from: 60.0, through: 200.0, by: 2) {
            let broken = lines("Supercalifragilisticexpialidocious，好的", width: width)
            for line in broken.dropFirst() { #expect(line.first != "，", "width \(width): \(broken)") }
        }
    }

    @Test func aNoBreakSpaceGluesAMentionToWhatFollows() {
        let characters = Array("了；@老板\u{00A0}卷到半夜")
        #expect(!LineBreakRules.allowsBreak(before: 5, in: characters))  // 板|nbsp
        #expect(!LineBreakRules.allowsBreak(before: 6, in: characters))  // nbsp|卷
        #expect(LineBreakRules.allowsBreak(before: 6, in: Array("了；@老板 卷到半夜")))  // an ordinary space breaks
        for width in stride(from: 14.0 * 6, through: 14 * 12, by: 7) {
            let broken = lines("团建就活了；@老板\u{00A0}卷到半夜，@产品经理Leo\u{00A0}到点就溜。", width: width)
            #expect(broken.count > 1)
            for line in broken {
                #expect(!line.hasSuffix("@") && !line.hasSuffix("老") && !line.hasSuffix("老板") && !line.hasSuffix("产品经理"),
                        "\(width): \(broken)")
                #expect(!line.hasPrefix("板") && !line.hasPrefix("卷") && !line.hasPrefix("Leo") && !line.hasPrefix("到点"),
                        "\(width): \(broken)")
            }
        }
        var opportunities = Array(repeating: LineBreakRules.Opportunity.allowed, count: 8)
        LineBreakRules.keepMentions(&opportunities, in: Array("a@老板\u{00A0}卷到b"))
        #expect(opportunities.map(\.rawValue) == [3, 3, 1, 1, 1, 1, 3, 3])
    }

    @Test func numbersKeepTheirUnitsWhenABreakCanMoveElsewhere() {
        #expect(LineBreakRules.opportunity(before: 2, in: Array("12月31日")) == .keepTogether)
        #expect(LineBreakRules.opportunity(before: 3, in: Array("12月31日")) == .keepTogether)
        #expect(LineBreakRules.opportunity(before: 3, in: Array("1.5页")) == .keepTogether)
        for width in stride(from: 100.0, through: 300.0, by: 7) {
            let broken = lines("会议纪要初稿下周一也就是12月31日前提交逾期不候", width: width)
            let plain = lines("会议纪要初稿下周一也就是一二月三一日前提交逾期不候", width: width)
            // Kept together unless that would cost a line.
            if broken.count == plain.count {
                #expect(!broken.contains { $0.hasSuffix("12") || $0.hasSuffix("12月") || $0.hasSuffix("31") }, "width \(width): \(broken)")
            }
        }
    }

    @Test func latinWordsAreNeverLetterSpacedWhenJustified() throws {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, alignment: .justify)
        let text = "周报写得比领导还全KPI我扛会我主持锅谁都别想甩过来，你说是不是这样的道理呢"
        let shaped = shaper.shape(text, style: style, width: 200)
        let natural = shaper.shape("KPI", style: TextStyle(family: "Noto Sans CJK SC", size: 14), width: nil).size.width
        let first = try #require(shaped.lineTexts.first)
        try #require(first.contains("KPI"), "\(shaped.lineTexts)")
        // The justified line reaches the box, and K P I keep their own spacing.
        #expect(abs(shaped.size.width - 200) < 0.3)
        let layout = shaped.layout
        let start = first.utf8.count - first.split(separator: "K", maxSplits: 1)[1].utf8.count - 1
        var k = PangoRectangle(), after = PangoRectangle()
        pango_layout_index_to_pos(layout.handle, Int32(start), &k)
        pango_layout_index_to_pos(layout.handle, Int32(start + 3), &after)
        let drawn = Double(after.x - k.x) / Double(PANGO_SCALE)
        #expect(abs(drawn - natural) < 0.6, "KPI is \(drawn) pt wide, naturally \(natural)")
    }

    @Test func justifiedSlackGoesBetweenHanCharactersNotOnlyIntoSpaces() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, alignment: .justify)
        let shaped = shaper.shape("你好 世界你好世界你好世界你好世界你好世界你好世界", style: style, width: 150)
        let layout = shaped.layout
        var a = PangoRectangle(), b = PangoRectangle()
        // 你 (0) and 好 (3): the gap between two Han characters grew.
        pango_layout_index_to_pos(layout.handle, 0, &a)
        pango_layout_index_to_pos(layout.handle, 3, &b)
        #expect(Double(b.x - a.x) / Double(PANGO_SCALE) > 14.2)
    }
}

import CPangoCairo
