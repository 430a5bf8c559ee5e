import PosterDisplay
import Testing
@testable import PosterGraphics

/// `overflow: .sentence`: a text that does not fit keeps whole sentences.
@Suite struct TextShaperSentenceTests {
    let shaper: TextShaper
    /// A description in the poster's voice: four sentences, each ending in 。！ or ？
    let description = "你上班的主业是摸鱼，副业是活跃气氛。团建你最嗨，茶水间八卦你最全！“我都行”挂在嘴边，决定全交给别人。可一旦被安排正事，你比谁都慌？"

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    func style(maxLines: Int, overflow: TextOverflow = .sentence) -> TextStyle {
        TextStyle(family: "Noto Sans CJK SC", size: 14, maxLines: maxLines, overflow: overflow)
    }

    @Test func sentenceEndsFollowTerminatorsClosersAndRuns() {
        func pieces(_ text: String) -> [String] {
            var start = text.startIndex
            return TextShaper.sentenceEnds(in: text).map { end in
                defer { start = end }
                return String(text[start..<end])
            }
        }
        #expect(pieces("一。二！三？四") == ["一。", "二！", "三？"])
        #expect(pieces("真的吗？！是的。") == ["真的吗？！", "是的。"])
        #expect(pieces("他说：“好。”然后走了。") == ["他说：“好。”", "然后走了。"])
        #expect(pieces("Done! Really?") == ["Done!", " Really?"])
        #expect(pieces("没有句号，只有逗号") == [])
    }

    @Test func keepsTheLongestRunOfWholeSentencesThatFits() throws {
        let shaped = shaper.shape(description, style: style(maxLines: 3), width: 220)
        #expect(shaped.lineCount <= 3)
        #expect(!shaped.fit.ellipsised && !shaped.fit.overflowed)
        #expect(!shaped.content.contains("…"))
        #expect(description.hasPrefix(shaped.content))
        #expect(TextShaper.sentenceTerminators.contains(shaped.content.last!) || TextShaper.sentenceClosers.contains(shaped.content.last!))
        let kept = try #require(shaped.fit.keptSentences)
        #expect(shaped.fit.totalSentences == 4)
        #expect(kept >= 1 && kept < 4)
        // One more sentence would not have fitted.
        let ends = TextShaper.sentenceEnds(in: description)
        let longer = shaper.shape(String(description[..<ends[kept]]), style: style(maxLines: 3, overflow: .ellipsis), width: 220)
        #expect(longer.fit.ellipsised)
    }

    @Test func aTextThatFitsIsLeftWhole() {
        let shaped = shaper.shape(description, style: style(maxLines: 20), width: 220)
        #expect(shaped.content == description)
        #expect(shaped.fit.keptSentences == nil && !shaped.fit.ellipsised)
    }

    @Test func fallsBackToAnEllipsisWhenTheFirstSentenceIsTooLong() {
        let shaped = shaper.shape(description, style: style(maxLines: 1), width: 120)
        #expect(shaped.fit.ellipsised)
        #expect(shaped.fit.keptSentences == nil)
        #expect(shaped.content.hasSuffix("…"))
        #expect(shaped.lineCount == 1)
    }

    @Test func aThousandShortSentencesAreCutToTheLongestRunThatFits() throws {
        let text = String(repeating: "好。", count: 1000)
        let shaped = shaper.shape(text, style: style(maxLines: 2), width: 200)
        let kept = try #require(shaped.fit.keptSentences)
        #expect(shaped.fit.totalSentences == 1000)
        #expect(shaped.content == String(repeating: "好。", count: kept))
        #expect(shaped.lineCount == 2)
        let oneMore = shaper.shape(String(repeating: "好。", count: kept + 1) + "好", style: style(maxLines: 2), width: 200)
        #expect(oneMore.fit.keptSentences == kept, "one more sentence would not fit")
    }

    @Test func aTextWithoutSentenceEndsIsEllipsised() {
        let text = String(repeating: "只有逗号，", count: 30)
        let shaped = shaper.shape(text, style: style(maxLines: 2), width: 200)
        #expect(shaped.fit.ellipsised && shaped.fit.keptSentences == nil)
        #expect(shaped.lineCount == 2)
    }
}
