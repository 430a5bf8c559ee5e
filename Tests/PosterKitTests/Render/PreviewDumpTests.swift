import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

@Suite struct PreviewDumpTests {
    @Test func dumpPosters() throws {
        guard let out = ProcessInfo.processInfo.environment["NMTI_DUMP_DIR"] else { return }
        let store = ThemeStore(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes"))
        let theme = try store.theme("classic")
        let renderer = try PosterRenderer()
        for (index, code) in PersonalityCode.all.enumerated() {
            let s = { (d: NMTIDomain.Dimension) in code.pole(on: d).isPositive ? 5 : -7 }
            var result = QuizResult(scores: DimensionScores(c: s(.c), s: s(.s) * 2, e: s(.e), a: s(.a)), pack: index % 2 == 0 ? .workplace : .student)
            if index % 3 == 0 { result.nickname = "小王🔥" }
            if index % 4 == 1 { result.fromCode = PersonalityCode("PRED"); result.fromNickname = "老李" }
            let poster = try renderer.render(result, theme: theme)
            try Data(poster.png).write(to: URL(fileURLWithPath: "\(out)/\(code.rawValue).png"))
            for note in poster.notes { print(code.rawValue, note) }
        }
    }
}
