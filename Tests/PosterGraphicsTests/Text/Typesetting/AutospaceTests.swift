import PosterDisplay
import Testing
@testable import PosterGraphics

/// `autospace`: ⅛ em between Han and Latin letters or digits, like CSS
/// `text-autospace`, off by default and never at a line's end.
@Suite struct AutospaceTests {
    let shaper: TextShaper

    init() throws {
        shaper = try TextShaper(library: FontLibrary.standard())
    }

    func style(_ autospace: Bool, family: String = "Noto Sans CJK SC") -> TextStyle {
        TextStyle(family: family, size: 20, autospace: autospace)
    }

    @Test(arguments: ["Noto Sans CJK SC", "LXGW WenKai", "Smiley Sans"])
    func eachHanLatinBoundaryGetsAnEighthOfAnEm(family: String) {
        let cases: [(String, Int)] = [("KPI我扛", 1), ("我用KPI说话", 2), ("第3页", 2), ("2024年12月31日", 5), ("纯中文句子", 0),
                                      ("Latin only", 0), ("中文，English", 0), ("α粒子", 1)]
        for (text, boundaries) in cases {
            let off = shaper.shape(text, style: style(false, family: family), width: nil).size.width
            let on = shaper.shape(text, style: style(true, family: family), width: nil).size.width
            // Within a hair, except where the spaced character's own item loses a kerning
            // pair of the font (Smiley Sans kerns 24: 0.4 pt).
            let tolerance = family == "Smiley Sans" ? 0.45 : 0.05
            #expect(abs(on - off - Double(boundaries) * 2.5) < tolerance, "\(family) \(text): \(on - off)")
        }
    }

    @Test func theGapFollowsTheGlyphAndLeavesItsInkInPlace() {
        let plain = shaper.shape("KPI", style: style(false), width: nil).inkBounds
        let spaced = shaper.shape("KPI我", style: style(true), width: nil).inkBounds
        let alone = shaper.shape("KPI我", style: style(false), width: nil).inkBounds
        #expect(abs(spaced.minX - plain.minX) < 0.05, "the line still starts at K")
        #expect(abs(spaced.maxX - alone.maxX - 2.5) < 0.1, "我 moves right by the gap")
    }

    @Test func noGapIsSetAtALineEnd() {
        // 20 pt Han characters in a 60 pt box: 测试中 fills line one, KPI starts line two.
        let on = shaper.shape("测试中KPI", style: style(true), width: 60)
        let off = shaper.shape("测试中KPI", style: style(false), width: 60)
        #expect(on.lineCount == 2 && off.lineCount == 2)
        #expect(abs(on.size.width - off.size.width) < 0.05)
    }

    @Test func aJustifiedLineWithAKernedWordBeforeHanStaysInItsBox() {
        // PPT也: the gap makes T its own Pango item and loses its kerning with P;
        // measured without that, the justified line came out 0.34 pt too wide and
        // the whole description was cut with an ellipsis.
        let text = "你在会上不怎么说话，PPT也让别人去讲，可每个关键决定都绕不开你。你卷在深夜，想在前面，连领导的饼都能提前替他算好。"
        for width in stride(from: 280.0, through: 320, by: 1) {
            let style = TextStyle(family: "Noto Sans CJK SC", size: 13, alignment: .justify, autospace: true)
            let shaped = shaper.shape(text, style: style, width: width)
            #expect(!shaped.fit.ellipsised, "width \(width): \(shaped.lineTexts)")
            #expect(shaped.layout.widestLine <= width + 0.01, "width \(width): \(shaped.layout.widestLine)")
        }
    }
}
