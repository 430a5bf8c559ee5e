import PosterDisplay
import Testing
@testable import PosterGraphics

/// Cutting with an ellipsis the way Chinese text is cut.
@Suite struct EllipsisTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    @Test func chineseUsesTwoEllipsisMarks() {
        #expect(TextShaper.ellipsis(for: "你好") == "……")
        #expect(TextShaper.ellipsis(for: "hello") == "…")
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, maxLines: 1)
        let shaped = shaper.shape(String(repeating: "很长的昵称", count: 10), style: style, width: 120)
        #expect(shaped.content.hasSuffix("……"))
        #expect(!shaped.content.hasSuffix("………"))
    }

    @Test func aCutMovesOutOfANumberOrWordToANearbyHanBoundary() {
        let characters = Array("截止日期是20241231请勿拖延")
        let (cut, kept) = TextShaper.cut(characters, at: 9, ellipsis: "……")
        #expect(cut == "截止日期是……" && kept == 5)
        // Far from any boundary, the word is cut where it must be.
        let long = Array("Supercalifragilisticexpialidocious")
        #expect(TextShaper.cut(long, at: 20, ellipsis: "…").0 == "Supercalifragilistic…")
    }

    @Test func aDanglingOpenerIsDroppedOrClosed() {
        #expect(TextShaper.cut(Array("他说：“好的"), at: 5, ellipsis: "……").0 == "他说……")
        #expect(TextShaper.cut(Array("他说：“这个方向不对重来"), at: 10, ellipsis: "……").0 == "他说：“这个方向不对……”")
        #expect(TextShaper.cut(Array("《摸鱼指南》第三版"), at: 8, ellipsis: "……").0 == "《摸鱼指南》第三……")
    }

    @Test func aNewlineInASingleLineTextBecomesASpace() {
        #expect(TextShaper.joiningLines("小王\n摸鱼中") == "小王 摸鱼中")
        #expect(TextShaper.joiningLines("a\r\n\nb\n") == "a b")
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, maxLines: 1)
        let shaped = shaper.shape("小王\n摸鱼中", style: style, width: 300)
        #expect(shaped.lineCount == 1 && shaped.content == "小王 摸鱼中" && !shaped.fit.ellipsised)
    }
}
