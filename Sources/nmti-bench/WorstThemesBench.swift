import Foundation
import NMTIDomain
import PosterKit

/// `nmti-bench --worst-themes DIR`: loads every theme in DIR (bench/worst-themes,
/// each built to sit just under one line of the render-cost budget), and renders
/// one poster of each several times, every time with a freshly loaded theme and a
/// new renderer, so no cache (SVG rasters, shadow masks, glyphs of a warm worker)
/// carries over: each sample is a first poster. Prints median seconds per theme
/// and fails (exit 1) when one takes more than 2 s.
enum WorstThemesBench {
    /// The most a validated theme may take to render one poster on this machine.
    static let limitSeconds = 2.0

    static func run(folder: URL, rounds: Int) throws -> Bool {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/theme.json5").path) }
        // A nickname longer than the shaper keeps (2,000 characters), of the slowest
        // characters to shape and draw: colour emoji, ZWJ families, flags, skin tones, mixed scripts.
        let pieces = ["😀", "👨‍👩‍👧‍👦", "🇨🇳", "長", "a", "ก", "ع", "👍🏽", "😀", "🔥"]
        let nickname = (0..<3000).map { pieces[($0 * 7 + $0 / 10) % pieces.count] }.joined()
        let result = QuizResult(scores: DimensionScores(c: 7, s: -3, e: 5, a: -9), pack: .workplace, nickname: nickname)
        var withinLimit = true
        print("| theme | estimated cost | load s (median) | render s (median) | render s (max) |")
        print("| --- | --- | --- | --- | --- |")
        for name in names {
            var loads: [Double] = [], renders: [Double] = []
            var share = 0.0
            for _ in 0..<rounds {
                let start = DispatchTime.now().uptimeNanoseconds
                let theme = try Theme.load(from: folder.appendingPathComponent(name))
                share = theme.renderCost.share
                let renderer = try PosterRenderer()
                let loaded = DispatchTime.now().uptimeNanoseconds
                _ = try renderer.render(result, theme: theme)
                let end = DispatchTime.now().uptimeNanoseconds
                loads.append(Double(loaded - start) / 1e9)
                renders.append(Double(end - loaded) / 1e9)
            }
            let render = Summary.median(renders.sorted())
            if render > limitSeconds { withinLimit = false }
            print(String(format: "| %@ | %d%% | %.3f | %.3f | %.3f |", name, Int((share * 100).rounded()),
                         Summary.median(loads.sorted()), render, renders.max() ?? .nan))
        }
        return withinLimit
    }
}
