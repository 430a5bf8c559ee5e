import PosterDisplay
import Testing
@testable import PosterGraphics

/// A paragraph's last line never holds a lone ideograph (孤字) when that can be avoided.
@Suite struct TextShaperWidowTests {
    let shaper: TextShaper
    let text = "你和人形吉祥物：TA在台前闪闪发光，你在角落默默充电。"

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    func isWidow(_ line: String) -> Bool {
        let core = line.filter { !$0.isWhitespace && !LineBreaker.trailingPunctuation.contains($0) }
        return core.count == 1 && core.first!.isIdeograph
    }

    @Test func aLeftAlignedParagraphNeverEndsOnALoneIdeograph() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14)
        var sawTwoCharacterEnd = false
        for width in stride(from: 120.0, through: 400.0, by: 1) {
            let shaped = shaper.shape(text, style: style, width: width)
            let last = shaped.lineTexts.last ?? ""
            #expect(!isWidow(last), "width \(width): \(shaped.lineTexts)")
            if last == "充电。" { sawTwoCharacterEnd = true }
        }
        #expect(sawTwoCharacterEnd, "some width should need the fix")
    }

    @Test func aJustifiedWidowFixStaysWithinTheSpreadLimit() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, alignment: .justify)
        for width in stride(from: 120.0, through: 400.0, by: 1) {
            let shaped = shaper.shape(text, style: style, width: width)
            let lines = shaped.lineTexts
            guard lines.count >= 2 else { continue }
            // Every justified line reaches the box, none is wider.
            #expect(shaped.size.width <= width + TextShaper.finalSlack + 0.01, "width \(width)")
            // A widow remains only where fixing it would spread the line above too far.
            if isWidow(lines.last!) {
                let above = lines[lines.count - 2]
                let natural = shaper.shape(String(above.dropLast()), style: TextStyle(family: "Noto Sans CJK SC", size: 14), width: nil).size.width
                let gaps = Double(max(1, above.count - 2))
                #expect((width - natural) / gaps > LineBreaker.widowSpreadLimit * 14, "width \(width): \(lines)")
            }
        }
    }

    @Test func paragraphsAfterANewlineAreLeftAlone() {
        let shaped = shaper.shape("第一段写完了。\n好", style: TextStyle(family: "Noto Sans CJK SC", size: 14), width: 300)
        #expect(shaped.lineTexts == ["第一段写完了。", "好"])
    }

    @Test func textsThatFitOnOneLineAreUntouched() {
        let one = shaper.shape("你在角落默默充电。", style: TextStyle(family: "Noto Sans CJK SC", size: 14), width: 300)
        #expect(one.text == "你在角落默默充电。" && one.lineCount == 1)
    }
}
