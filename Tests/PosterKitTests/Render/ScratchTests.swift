import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

@Test func scratch() throws {
    guard ProcessInfo.processInfo.environment["NMTI_DUMP_DIR"] != nil else { return }
    let theme = try Theme.load(from: URL(fileURLWithPath: "/tmp/t1"))
    var result = QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1))
    result.nickname = "小王🔥"
    let poster = try PosterRenderer().render(result, theme: theme)
    try Data(poster.png).write(to: URL(fileURLWithPath: "/tmp/t1/out.png"))
}
