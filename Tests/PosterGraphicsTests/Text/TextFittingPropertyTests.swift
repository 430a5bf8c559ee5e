import PosterDisplay
import Testing
import TestSupport
@testable import PosterGraphics

/// Random paragraphs, widths and limits through every fitting path (shrink, ellipsis,
/// sentence cut, widow control): whatever is drawn fits and says only what the text said.
@Suite struct TextFittingPropertyTests {
    static let pieces: [String] = [
        "你", "在", "角", "落", "默", "充", "电", "摸", "鱼", "卷", "王", "躺", "平", "KPI", "OK", "🐮", " ",
        "。", "！", "？", "，", "、", "“", "”", "（", "）", "\n",
    ]

    @Test func everyRandomParagraphFitsAndKeepsItsWords() throws {
        let shaper = try TextShaper(library: FontLibrary.standard())
        var random = SplitMix64(state: 0x7465_7874)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        for round in 0..<300 {
            let text = (0..<(1 + below(90))).map { _ in Self.pieces[below(Self.pieces.count)] }.joined()
            let maxLines = 1 + below(5)
            let width = Double(60 + below(300))
            let style = TextStyle(family: "Noto Sans CJK SC", size: Double(10 + below(12)),
                                  minimumSize: below(3) == 0 ? 9 : nil,
                                  alignment: TextAlignment.allCases[below(TextAlignment.allCases.count)],
                                  maxLines: maxLines, overflow: TextOverflow.allCases[below(2)])
            let shaped = shaper.shape(text, style: style, width: width)
            let label = "round \(round): \(text.debugDescription) width \(width) \(style.overflow) maxLines \(maxLines)"
            if !shaped.fit.overflowed {
                #expect(shaped.lineCount <= maxLines, "\(label): \(shaped.lineTexts)")
            }
            let drawn = shaped.content
            let source = maxLines == 1 ? TextShaper.joiningLines(text) : text
            if shaped.fit.ellipsised {
                #expect(drawn.hasSuffix("…") || drawn.contains("…"), "\(label): \(drawn.debugDescription)")
            } else if shaped.fit.keptSentences != nil {
                #expect(style.overflow == .sentence, "\(label)")
                #expect(source.hasPrefix(drawn) && drawn.count < source.count, "\(label): \(drawn.debugDescription)")
            } else {
                #expect(drawn == source, "\(label): \(drawn.debugDescription)")
            }
            // Line breaking only adds newlines and drops spaces at breaks: no character is lost or added.
            func letters(_ text: String) -> String { String(text.filter { !$0.isWhitespace }) }
            #expect(letters(shaped.text) == letters(TextShaper.normalizingNewlines(drawn)), "\(label)")
        }
    }
}
