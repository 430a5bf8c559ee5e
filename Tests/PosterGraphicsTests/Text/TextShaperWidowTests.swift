import PosterDisplay
import Testing
@testable import PosterGraphics

/// A paragraph's last line never holds a lone ideograph (孤字) when that can be avoided.
@Suite struct TextShaperWidowTests {
    let shaper: TextShaper
    let style = TextStyle(family: "Noto Sans CJK SC", size: 14, alignment: .justify)
    let text = "你和人形吉祥物：TA在台前闪闪发光，你在角落默默充电。"

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    /// The last line Pango makes on its own at `width`, without widow control.
    func plainLastLine(_ text: String, width: Double) -> String {
        let box = shaper.layout(text, style: style, size: 14, width: width)
        let shaped = ShapedText(layout: box, emoji: shaper.emoji, text: text,
                                fit: TextFit(size: 14, shrunk: false, ellipsised: false, overflowed: false))
        return shaped.lineTexts.last ?? ""
    }

    /// Widths (whole points) at which Pango alone leaves one ideograph and "。" on the last line.
    var widowWidths: [Double] {
        stride(from: 120.0, through: 400.0, by: 1).filter { plainLastLine(text, width: $0) == "电。" }
    }

    @Test func aLoneLastIdeographGetsCompany() throws {
        let widths = widowWidths
        try #require(!widths.isEmpty, "no width makes a widow; pick another text")
        for width in widths {
            let plainLines = shaper.layout(text, style: style, size: 14, width: width).lineCount
            let shaped = shaper.shape(text, style: style, width: width)
            let last = try #require(shaped.lineTexts.last)
            #expect(last == "充电。", "width \(width): \(shaped.lineTexts)")
            #expect(shaped.lineCount == plainLines)
            #expect(shaped.text.replacingOccurrences(of: "\u{2028}", with: "") == text)
            // The justified line before the new break still reaches the full width.
            #expect(shaped.size.width <= width + 0.01)
        }
    }

    @Test func paragraphsAfterANewlineAreLeftAlone() {
        let shaped = shaper.shape("第一段写完了。\n好", style: style, width: 300)
        #expect(shaped.lineTexts.last == "好")
        #expect(!shaped.text.contains("\u{2028}"))
    }

    @Test func aLatinLastWordIsLeftAlone() {
        for width in stride(from: 60.0, through: 200.0, by: 2) {
            let shaped = shaper.shape("我们明天再聊吧 OK", style: style, width: width)
            #expect(!shaped.text.contains("\u{2028}"), "width \(width): \(shaped.lineTexts)")
        }
    }

    @Test func textsThatFitOnOneLineOrEndWellAreUntouched() {
        let one = shaper.shape("你在角落默默充电。", style: style, width: 300)
        #expect(one.text == "你在角落默默充电。" && one.lineCount == 1)
        let widths = stride(from: 120.0, through: 400.0, by: 7).filter { plainLastLine(text, width: $0).count >= 4 }
        for width in widths {
            #expect(!shaper.shape(text, style: style, width: width).text.contains("\u{2028}"), "width \(width)")
        }
    }
}
