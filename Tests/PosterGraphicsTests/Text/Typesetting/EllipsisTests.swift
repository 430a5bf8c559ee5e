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

/// GB/T 15834: the Chinese ellipsis sits in the middle of the em box, with no
/// separator before it, and a Latin name's middle dot is narrow.
@Suite struct ChineseEllipsisTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    func ellipsisInk(_ text: String, family: String) -> (Double, Double) {
        let shaped = shaper.shape(text, style: TextStyle(family: family, size: 20), width: nil)
        let dots = shaped.glyphInks.filter { $0.character == "…" }
        return ((dots.first?.minY ?? 0), (dots.first?.maxY ?? 0))
    }

    @Test(arguments: ["Noto Sans CJK SC", "Noto Serif CJK SC", "LXGW WenKai"])
    func anEllipsisAfterALatinLetterIsCentredLikeOneAfterHan(family: String) {
        let afterHan = ellipsisInk("好……", family: family)
        let afterLatin = ellipsisInk("写给Great……", family: family)
        #expect(abs(afterHan.0 - afterLatin.0) < 0.6 && abs(afterHan.1 - afterLatin.1) < 0.6,
                "\(family): after Han \(afterHan), after Latin \(afterLatin)")
        // Centred: well above the baseline.
        #expect((afterLatin.0 + afterLatin.1) / 2 < -5, "\(family): \(afterLatin)")
    }

    @Test func noSeparatorOrSpaceBeforeTheEllipsis() {
        for tail in ["Great・", "Great·", "Great ", "Great - ", "Great——"] {
            let (text, _) = TextShaper.cut(Array("写给" + tail + "Gatsby"), at: 2 + tail.count, ellipsis: "……")
            #expect(text == "写给Great……", "\(tail): \(text)")
        }
    }

    @Test func aLongLatinNicknameEndsCleanly() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 13, maxLines: 1)
        let shaped = shaper.shape("@宇宙第一摸鱼大王Alexander·the·Great·Procrastinator 的鉴定结果", style: style, width: 200)
        let line = shaped.lineTexts.first ?? ""
        #expect(line.hasSuffix("……"), "\(line)")
        let before = line.dropLast(2).last
        #expect(before.map { $0.isLetter || $0.isIdeograph } == true, "\(line)")
    }

    @Test func aMiddleDotBetweenLatinLettersIsNarrow() {
        #expect(TextShaper.latinMiddleDots("Alexander·the・Great") == "Alexander\u{22C5}the\u{22C5}Great")
        // Between Han characters or Han and Latin it is the Chinese 间隔号.
        #expect(TextShaper.latinMiddleDots("阿·May和老板·王总") == "阿·May和老板·王总")
        let shaped = shaper.shape("Great·Gatsby", style: TextStyle(family: "Noto Sans CJK SC", size: 20), width: nil)
        let dot = shaped.glyphInks.first { !$0.character.isLetter }
        #expect((dot?.advance ?? 99) < 10, "\(String(describing: dot))")
    }
}
