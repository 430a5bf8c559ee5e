import Foundation
import NMTIDomain
import Testing
@testable import PosterKit
@testable import PosterGraphics

/// Posters laid out from the workers' layout caches equal posters laid out afresh:
/// every shipped theme, the 32 variants, each laid out twice (the second time from
/// the cache) and once with the cache off.
@Suite struct LayoutCacheRenderTests {
    static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Themes").standardizedFileURL

    @Test(arguments: ["classic", "neon", "paper", "pair", "receipt"])
    func cachedListsEqualFreshOnes(theme name: String) throws {
        let theme = try Theme.load(from: Self.themes.appendingPathComponent(name))
        let fonts = try PosterFonts.library()
        let cached = PosterRenderer(fonts: fonts, workers: 1)
        let fresh = PosterRenderer(fonts: fonts, workers: 1, layoutCache: 0)
        let results = QuizPack.allCases.flatMap { pack in
            PersonalityCode.all.map { code in
                var result = QuizResult.catalogueSample(for: code, pack: pack)
                result.nickname = "小王"
                return result
            }
        }
        var lists: [DisplayList] = []
        for result in results { lists.append(try cached.layOut(result, theme: theme)) }
        for (index, result) in results.enumerated() {
            let again = try cached.layOut(result, theme: theme)
            #expect(again == lists[index], "\(name) \(result.code.rawValue) from the cache")
            #expect(try fresh.layOut(result, theme: theme) == lists[index], "\(name) \(result.code.rawValue) afresh")
        }
    }
}
