import PosterDisplay
import Testing
@testable import PosterGraphics

@Suite struct TextShaperTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    @Test(arguments: [120.0, 133.0, 151.0, 166.0, 187.0, 203.0])
    func closingPunctuationNeverStartsALine(width: Double) {
        let text = "你好，世界。今天（周一）要开会：讨论「KPI」、『OKR』；还有问题吗？没有！好的……——结束。14:00 开 DDL 复盘，别迟到！"
        let shaped = shaper.shape(text, style: TextStyle(family: "Noto Sans CJK SC", size: 14), width: width)
        let lines = shaped.lineTexts
        #expect(lines.count > 1)
        for line in lines.dropFirst() {
            let first = line.first!
            #expect(!"。，、；：？！）」』".contains(first), "line starts with \(first): \(lines)")
        }
        for line in lines.dropLast() {
            let last = line.trimmingCharacters(in: .whitespaces).last!
            #expect(!"（「『".contains(last), "line ends with \(last): \(lines)")
        }
        // Only the space at a break is dropped.
        #expect(lines.joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
        #expect(!lines.contains { $0.hasPrefix(":00") || $0.hasPrefix("00") }, "14:00 was split: \(lines)")
    }

    @Test func maxLinesCountsTheWholeTextAcrossNewlines() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, maxLines: 2)
        let shaped = shaper.shape("第一行\n第二行\n第三行\n第四行", style: style, width: 200)
        #expect(shaped.lineCount == 2)
        #expect(shaped.fit.ellipsised)
        #expect(shaped.text.hasSuffix("…"))
        #expect(shaped.text.hasPrefix("第一行\n第二"))
    }

    @Test func shrinksBetweenMaximumAndMinimumBeforeCutting() {
        let style = TextStyle(family: "Smiley Sans", size: 48, minimumSize: 30, maxLines: 1)
        let shaped = shaper.shape("六边形悍匪终极形态", style: style, width: 300)
        #expect(shaped.fit.shrunk)
        #expect(!shaped.fit.ellipsised)
        #expect(shaped.fit.size < 48 && shaped.fit.size >= 30)
        #expect(shaped.size.width <= 300.01)
    }

    @Test func cutsWithAnEllipsisWhenEvenTheMinimumIsTooBig() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 20, minimumSize: 16, maxLines: 1)
        let shaped = shaper.shape(String(repeating: "很长的昵称", count: 20), style: style, width: 200)
        #expect(shaped.fit.ellipsised && shaped.fit.shrunk && !shaped.fit.overflowed)
        #expect(shaped.lineCount == 1)
        #expect(shaped.fit.size == 16)
    }

    @Test func userTextIsNeverMarkup() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14)
        let markup = shaper.shape("<b>Tom</b> & \"Jerry\"", style: style, width: nil)
        let plain = shaper.shape("Tom & \"Jerry\"", style: style, width: nil)
        #expect(markup.text == "<b>Tom</b> & \"Jerry\"")
        #expect(markup.size.width > plain.size.width + 20)
    }

    @Test func hugeInputIsBoundedBeforeShaping() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, maxLines: 2)
        let shaped = shaper.shape(String(repeating: "🎉", count: 100_000), style: style, width: 200)
        #expect(shaped.lineCount <= 2)
        #expect(shaped.fit.ellipsised)
    }

    @Test func letterSpacingWidensText() {
        let tight = shaper.shape("人格鉴定", style: TextStyle(family: "Noto Sans CJK SC", size: 14), width: nil)
        let loose = shaper.shape("人格鉴定", style: TextStyle(family: "Noto Sans CJK SC", size: 14, letterSpacing: 4), width: nil)
        // Four characters get the spacing between them (three gaps) and Pango splits it around each glyph.
        #expect(loose.size.width - tight.size.width >= 11.5 && loose.size.width - tight.size.width <= 16.5)
    }
}

import Foundation

@Suite struct TextWrappingTests {
    let shaper = try! TextShaper(library: FontLibrary.standard())

    @Test func longLatinWordsBreakWithoutHyphens() {
        let shaped = shaper.shape("PREDPREDPREDPRED", style: TextStyle(family: "Noto Serif CJK SC", size: 30), width: 60)
        #expect(shaped.lineCount > 1)
        #expect(!shaped.lineTexts.contains { $0.contains("-") })
        #expect(shaped.lineTexts.joined() == "PREDPREDPREDPRED")
    }

    @Test func anEllipsisKeepsPartOfAWordThatWrapped() {
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14, maxLines: 1)
        let shaped = shaper.shape("写给 @" + String(repeating: "W", count: 60), style: style, width: 200)
        #expect(shaped.fit.ellipsised)
        #expect(shaped.text.hasPrefix("写给 @W"))
    }
}

/// `italic`: no pinned font has an italic face, so the glyphs are slanted instead.
@Suite struct ItalicTests {
    @Test(arguments: ["Noto Sans CJK SC", "Noto Serif CJK SC", "LXGW WenKai"])
    func italicSlantsTheGlyphs(family: String) throws {
        let shaper = try TextShaper(library: FontLibrary.standard())
        let upright = shaper.shape("HIIH 直体", style: TextStyle(family: family, size: 40), width: nil)
        let slanted = shaper.shape("HIIH 直体", style: TextStyle(family: family, italic: true, size: 40), width: nil)
        // A shear of 0.2 moves the tops of 40 pt capitals about 5-6 pt to the right.
        #expect(slanted.inkBounds.maxX > upright.inkBounds.maxX + 3, "\(upright.inkBounds) vs \(slanted.inkBounds)")
        // The advance does not change: an oblique face keeps its metrics.
        #expect(abs(slanted.size.width - upright.size.width) < 0.5)
    }

    @Test func smileySansIsAlreadyObliqueAndStaysAsDesigned() throws {
        let shaper = try TextShaper(library: FontLibrary.standard())
        let plain = shaper.shape("PRED", style: TextStyle(family: "Smiley Sans", size: 40), width: nil)
        let italic = shaper.shape("PRED", style: TextStyle(family: "Smiley Sans", italic: true, size: 40), width: nil)
        #expect(plain.inkBounds == italic.inkBounds)
    }

    @Test func emojiStayUpright() throws {
        let shaper = try TextShaper(library: FontLibrary.standard())
        let upright = shaper.shape("🐮", style: TextStyle(family: "Noto Sans CJK SC", size: 40), width: nil)
        let italic = shaper.shape("🐮", style: TextStyle(family: "Noto Sans CJK SC", italic: true, size: 40), width: nil)
        #expect(upright.inkBounds == italic.inkBounds)
    }
}
