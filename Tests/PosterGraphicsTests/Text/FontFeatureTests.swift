import PosterDisplay
import Testing
@testable import PosterGraphics

/// The monospaced CJK face and whole-text OpenType features (tabular figures).
@Suite struct FontFeatureTests {
    static func width(_ text: String, _ style: TextStyle) throws -> Double {
        let shaper = try TextShaper(library: FontLibrary.standard(), layoutCapacity: 0)
        return shaper.layOut(text, style: style, width: nil).size.width
    }

    /// Smiley Sans, the display face for codes and numbers, has proportional digits
    /// (`1` is 58% as wide as `0`) and a `tnum` feature; Noto Sans CJK SC's and LXGW
    /// WenKai's digits are one width already.
    @Test func tabularFiguresGiveEveryDigitOneWidth() throws {
        let proportional = TextStyle(family: "Smiley Sans", size: 100)
        var tabular = proportional
        tabular.features = ["tnum"]
        #expect(try Self.width("1111", proportional) < Self.width("0000", proportional) - 50)
        #expect(abs(try Self.width("1111", tabular) - Self.width("0000", tabular)) < 0.01)
        let sans = TextStyle(family: "Noto Sans CJK SC", size: 100)
        #expect(abs(try Self.width("1111", sans) - Self.width("0000", sans)) < 0.01)
    }

    @Test func theMonospacedCJKFaceIsPinnedFromTheSameCollections() throws {
        let library = try FontLibrary.standard()
        #expect(library.families.contains("Noto Sans Mono CJK SC"))
        // The collections are added once, however many families they give.
        let paths = library.fonts.map(\.path)
        #expect(Set(paths).count == paths.count - 2)
        let shaper = try TextShaper(library: library, layoutCapacity: 0)
        let mono = TextStyle(family: "Noto Sans Mono CJK SC", size: 20)
        let laidOut = shaper.layOut("iW卷王", style: mono, width: nil)
        let runs = laidOut.lines.flatMap(\.runs)
        #expect(runs.allSatisfy { $0.font.file.hasSuffix("NotoSansCJK-Regular.ttc") && $0.font.faceIndex == 7 }, "\(runs.map(\.font))")
        #expect(abs(try Self.width("iiii", mono) - Self.width("WWWW", mono)) < 0.01)
        var bold = mono
        bold.weight = 700
        #expect(shaper.layOut("卷", style: bold, width: nil).lines[0].runs[0].font.file.hasSuffix("NotoSansCJK-Bold.ttc"))
    }
}
