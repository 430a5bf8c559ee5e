import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

/// The WCAG AA contrast lint against the pixels drawn behind each text.
@Suite struct ContrastLintTests {
    let result = QuizResult(scores: DimensionScores(c: 5, s: -5, e: 3, a: -8))

    func findings(_ json5: String) throws -> [ContrastFinding] {
        let folder = try makeTheme(json5)
        defer { try? FileManager.default.removeItem(at: folder) }
        let theme = try Theme.load(from: folder)
        return try PosterRenderer().contrastFindings(result, theme: theme)
    }

    @Test func ratiosFollowWCAG() {
        #expect(abs(ContrastLint.ratio((0, 0, 0), (1, 1, 1)) - 21) < 0.01)
        #expect(abs(ContrastLint.ratio((1, 1, 1), (1, 1, 1)) - 1) < 0.01)
        // #767676 on white is the classic 4.54:1.
        let grey = 118.0 / 255
        #expect(abs(ContrastLint.ratio((grey, grey, grey), (1, 1, 1)) - 4.54) < 0.01)
    }

    @Test func lightGreyBodyTextOnWhiteIsReportedWithItsElement() throws {
        let found = try findings("""
            { canvas: { background: "#FFFFFF" }, elements: [
              { type: "text", id: "caption", x: 20, y: 20, width: 300, text: "浅灰色的说明文字", size: 12, color: "#A39A8A" },
              { type: "text", id: "body", x: 20, y: 60, width: 300, text: "深色正文", size: 12, color: "#2B2620" },
            ] }
            """)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.element == "caption" && finding.required == 4.5)
        #expect(finding.ratio > 2.5 && finding.ratio < 3)
        #expect(finding.description.contains("caption: contrast 2."))
    }

    @Test func theBackgroundIsWhatIsDrawnBehindTheText() throws {
        // White text passes on a dark card and fails where the card does not reach.
        let found = try findings("""
            { canvas: { background: "#F4EFE6" }, elements: [
              { type: "shape", x: 0, y: 0, width: 375, height: 100, fill: "#2B2620" },
              { type: "text", id: "onCard", x: 20, y: 20, width: 300, text: "卡片上的白字", size: 12, color: "#FFFFFF" },
              { type: "text", id: "offCard", x: 20, y: 200, width: 300, text: "纸面上的白字", size: 12, color: "#FFFFFF" },
            ] }
            """)
        #expect(found.map(\.element) == ["offCard"])
    }

    @Test func largeTextNeedsThreeToOne() throws {
        // #8C8273 on white is about 3.8:1: fails at 12 pt, passes at 24 pt and at 19 pt bold.
        let found = try findings("""
            { canvas: { background: "#FFFFFF" }, elements: [
              { type: "text", id: "small", x: 20, y: 20, width: 330, text: "小字", size: 12, color: "#8C8273" },
              { type: "text", id: "large", x: 20, y: 60, width: 330, text: "大字", size: 24, color: "#8C8273" },
              { type: "text", id: "bold", x: 20, y: 120, width: 330, text: "粗字", size: 19, weight: "bold", color: "#8C8273" },
            ] }
            """)
        #expect(found.map(\.element) == ["small"])
    }

    @Test func aShapeEarlierInTheSameGroupIsBehindTheText() throws {
        // Inside a (faded, clipped) group the group's own card counts, as do elements before the group.
        let found = try findings("""
            { canvas: { background: "#F4EFE6" }, elements: [
              { type: "shape", x: 0, y: 300, width: 375, height: 100, fill: "#2B2620" },
              { type: "group", x: 0, y: 0, width: 375, height: 667, opacity: 0.95, clip: true, children: [
                { type: "text", id: "beforeCard", x: 20, y: 20, width: 300, text: "卡片画出来之前", size: 12, color: "#FFFFFF" },
                { type: "shape", x: 0, y: 0, width: 375, height: 100, fill: "#2B2620" },
                { type: "text", id: "onCard", x: 20, y: 40, width: 300, text: "卡片上的白字", size: 12, color: "#FFFFFF" },
                { type: "group", x: 0, y: 300, width: 375, height: 100, children: [
                  { type: "text", id: "onOuterCard", x: 20, y: 20, width: 300, text: "外面那张卡片上", size: 12, color: "#FFFFFF" },
                ] },
                { type: "text", id: "offCard", x: 20, y: 200, width: 300, text: "纸面上的白字", size: 12, color: "#FFFFFF" },
              ] },
            ] }
            """)
        #expect(found.map(\.element) == ["beforeCard", "offCard"], "\(found)")
    }

    @Test(arguments: ["classic", "neon", "paper", "pair", "receipt"])
    func theShippedThemesPassInEveryVariantAndFormat(name: String) throws {
        let theme = try Theme.load(from: URL(fileURLWithPath: "Themes/\(name)"))
        for drawn in theme.everyFormat {
            let report = try ContrastLint.catalogueReport(of: drawn, renderer: PosterRenderer())
            #expect(report.isEmpty, "\(drawn.formatLabel): \(report.prefix(5))")
        }
    }
}
