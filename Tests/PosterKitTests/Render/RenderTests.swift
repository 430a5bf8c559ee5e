import Foundation
import NMTIDomain
import PosterGraphics
import Testing
import TestSupport
@testable import PosterKit
@testable import PosterPNG

let sharedStore = ThemeStore(directory: packageRoot.appendingPathComponent("Themes"))

@Suite struct RenderTests {
    let renderer = try! PosterRenderer()

    func result(_ code: String, pack: QuizPack = .workplace, nickname: String? = nil, from: String? = nil) -> QuizResult {
        let personality = PersonalityCode(code)!
        let score = { (dimension: NMTIDomain.Dimension) in personality.pole(on: dimension).isPositive ? 4 : -6 }
        return QuizResult(scores: DimensionScores(c: score(.c), s: score(.s), e: score(.e), a: score(.a)), pack: pack,
                          nickname: nickname, fromCode: from.flatMap(PersonalityCode.init))
    }

    @Test func classicRendersEveryVariantAt750x1334WithoutOverflow() throws {
        let theme = try sharedStore.theme("classic")
        for pack in QuizPack.allCases {
            for code in PersonalityCode.all {
                let poster = try renderer.render(result(code.rawValue, pack: pack), theme: theme)
                #expect(poster.width == 750 && poster.height == 1334)
                let image = try PNGDecoder().decode(poster.png)
                #expect(image.width == 750 && image.height == 1334)
                #expect(!poster.notes.contains { $0.isProblem }, "\(pack) \(code): \(poster.notes)")
            }
        }
    }

    @Test func repeatedRendersAreByteIdentical() throws {
        let theme = try sharedStore.theme("classic")
        let input = result("PRED", nickname: "小王🔥", from: "DOOM")
        let first = try renderer.render(input, theme: theme).png
        let second = try renderer.render(input, theme: theme).png
        let fresh = try PosterRenderer().render(input, theme: theme).png
        #expect(first == second)
        #expect(first == fresh)
    }

    @Test func concurrentRendersMatchSerialRenders() async throws {
        let theme = try sharedStore.theme("classic")
        let inputs = PersonalityCode.all.prefix(8).map { result($0.rawValue, pack: .student, nickname: "同学") }
        let serial = try inputs.map { try renderer.render($0, theme: theme).png }
        let shared = renderer
        let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, input) in inputs.enumerated() {
                group.addTask { (index, try shared.render(input, theme: theme).png) }
            }
            var out = [[UInt8]](repeating: [], count: inputs.count)
            for try await (index, png) in group { out[index] = png }
            return out
        }
        #expect(serial == parallel)
    }

    @Test func invitedAndNicknameElementsFollowTheirConditions() throws {
        let theme = try sharedStore.theme("classic")
        let plain = try renderer.render(result("POOM"), theme: theme).png
        let invited = try renderer.render(result("POOM", from: "PRED"), theme: theme).png
        let named = try renderer.render(result("POOM", nickname: "阿May"), theme: theme).png
        #expect(plain != invited)
        #expect(plain != named)
    }
}
