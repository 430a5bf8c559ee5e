import PosterDisplay
import Testing
@testable import PosterGraphics

/// Word-aware line breaking: reduplications kept whole, the last break between
/// words, headlines broken at phrases and balanced, never a line more than
/// breaking between any two characters needs.
@Suite struct WordAwareBreakingTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    func lines(_ text: String, width: Double, keepsWords: Bool = true, alignment: TextAlignment = .justify,
               balance: Bool = false, size: Double = 14) -> [String] {
        let style = TextStyle(family: "Noto Sans CJK SC", size: size, alignment: alignment, keepsWords: keepsWords, balance: balance)
        return shaper.shape(text, style: style, width: width).lineTexts
    }

    /// Whether a break between two lines falls between the two characters `pair`.
    func splits(_ lines: [String], _ pair: String) -> Bool {
        let first = pair.first!, second = pair.last!
        return zip(lines, lines.dropFirst()).contains { $0.last == first && $1.first == second }
    }

    static let reduplicated = [
        ("你在角落默默充电，把所有人的部分重新整理得干干净净。", ["默默", "干干", "净净", "干净"]),
        ("明明说好只开十分钟的会，你安安静静地坐在角落，偷偷刷十分钟手机。", ["明明", "安安", "静静", "安静", "偷偷"]),
        ("你只能乐呵呵地自我安慰，头像就灰溜溜地暗了下去，慢慢来。", ["乐呵", "呵呵", "灰溜", "溜溜", "慢慢"]),
    ]

    @Test(arguments: 0..<reduplicated.count)
    func reduplicationsAreNotSplitWhereAnotherBreakFits(index: Int) {
        let (text, pairs) = Self.reduplicated[index]
        var oldSplits = 0, newSplits = 0
        for width in stride(from: 196.0, through: 336, by: 4) {
            let old = lines(text, width: width, keepsWords: false)
            let new = lines(text, width: width)
            #expect(new.count <= old.count, "width \(width): \(new) needs more lines than \(old)")
            for pair in pairs {
                if splits(old, pair) { oldSplits += 1 }
                if splits(new, pair) { newSplits += 1 }
            }
        }
        #expect(oldSplits >= 4, "character breaking should split some: \(oldSplits)")
        // A split remains only where every line is full (明明说好只开十分钟的会，你安安静 / 静地… at 224 pt).
        #expect(newSplits * 3 <= oldSplits, "reduplications split: \(newSplits), before \(oldSplits)")
    }

    @Test func theLastBreakFallsBetweenWords() {
        // From the design review: 停/了电。 一来就/要命。 还在改/周报。 还是/你来扛。 Body-text widths
        // (14 to 24 characters a line); narrower lines have too little room to move a word.
        let cases = [
            ("没人靠你干活，但少了你，办公室就像停了电。", ["停了", "了电", "干活", "办公"]),
            ("你一来就要命，不来更要命，老板到现在还在改周报。", ["要命", "周报"]),
            ("下季度的KPI还是你来扛，食堂的饭菜又涨价了，最后还是点了最便宜的那一份。", ["饭菜", "来扛", "涨价", "便宜", "一份"]),
        ]
        for (text, words) in cases {
            for width in stride(from: 196.0, through: 336, by: 3) {
                let result = lines(text, width: width)
                guard result.count >= 2 else { continue }
                let lastTwo = Array(result.suffix(2))
                for word in words { #expect(!splits(lastTwo, word), "width \(width): \(result)") }
                // The last line never holds a lone character.
                let core = result.last!.filter { !LineBreaker.trailingPunctuation.contains($0) }
                #expect(core.count >= 2, "width \(width): \(result)")
            }
        }
    }

    @Test func aBalancedHeadlineBreaksAtItsPhraseInTheMiddle() {
        let text = "TA在台前闪闪发光，你在角落默默充电。"
        for width in stride(from: 150.0, through: 240, by: 10) {
            let balanced = lines(text, width: width, alignment: .left, balance: true)
            #expect(balanced == ["TA在台前闪闪发光，", "你在角落默默充电。"], "width \(width): \(balanced)")
        }
        // Without balance the first line is as full as a phrase break allows.
        let unbalanced = lines("全能是我，暴躁也是我，卷也是我", width: 200, alignment: .center)
        #expect(unbalanced == ["全能是我，暴躁也是我，", "卷也是我"], "\(unbalanced)")
        let slogan = lines("全能是我，暴躁也是我，卷也是我", width: 200, alignment: .center, balance: true)
        #expect(slogan == ["全能是我，", "暴躁也是我，卷也是我"], "\(slogan)")
    }

    @Test func aHeadlineWithoutPunctuationBreaksBetweenWords() {
        let result = lines("周报写得比领导还全会上嗓门比领导还大", width: 190, alignment: .center, balance: true)
        #expect(result.count == 2)
        let words = ["周报", "领导", "嗓门", "会上"]
        for word in words { #expect(!splits(result, word), "\(result)") }
    }

    @Test func offBreaksBetweenAnyTwoCharactersAsBefore() {
        let text = "你在角落默默充电。"
        // 126 pt holds 9 characters at 14 pt: character breaking moves only 充 down with 电。
        let old = lines(text, width: 100, keepsWords: false)
        let new = lines(text, width: 100)
        #expect(old.count == new.count)
        #expect(old.joined() == new.joined())
    }

    @Test func loosenedLinesStayWithinTheSpreadLimit() {
        let text = "周五下午四点，老板突然在群里发了一句“大家辛苦一下”。整层楼瞬间鸦雀无声，只剩空调呼呼地吹，所有人都懂接下来要发生什么。"
        let plain = TextStyle(family: "Noto Sans CJK SC", size: 14)
        for width in stride(from: 112.0, through: 336, by: 14) {
            let old = lines(text, width: width, keepsWords: false)
            let new = lines(text, width: width)
            #expect(new.count <= old.count)
            for (index, line) in new.enumerated().dropLast() where !old.contains(line) {
                // A line the word search shortened: its slack over its gaps.
                let natural = shaper.shape(line, style: plain, width: nil).size.width
                let gaps = Double(max(1, line.count - 1))
                let spread = (width - natural) / gaps / 14
                #expect(spread <= LineBreaker.wordSpreadLimit + 0.08, "width \(width) line \(index): \(line) spreads \(spread) em")
            }
        }
    }

    @Test func marksInsideALineGiveUpTheirBlankRatherThanSplitAWord() {
        // At 140 pt a 14 pt line holds 10 full-width characters. Character breaking
        // gives 会，硬是开到了下班。 / 你安安静静地坐在角 / 落，… (角落 split); the word search
        // takes 你 onto the second line, whose ， and 。 give up part of their blank
        // halves, so that no word is split and no line is added.
        let text = "明明说好只开十分钟的会，硬是开到了下班。你安安静静地坐在角落，默默记下每一个被甩过来的锅，散会后还得笑嘻嘻地说“收到”。"
        let old = lines(text, width: 140, keepsWords: false)
        let new = lines(text, width: 140)
        #expect(splits(old, "角落"))
        #expect(new.count <= old.count)
        for word in ["角落", "安安", "静静", "默默", "明明"] { #expect(!splits(new, word), "\(new)") }
        #expect(new.contains { $0.count == 11 }, "no squeezed line: \(new)")
        // The squeezed line still ends inside its box.
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, alignment: .justify)
        let shaped = shaper.shape(text, style: style, width: 140)
        #expect(shaped.inkBounds.x + shaped.inkBounds.width <= 140.5, "ink reaches \(shaped.inkBounds)")
    }
}
