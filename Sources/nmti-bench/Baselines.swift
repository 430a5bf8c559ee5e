import PosterGraphics
import Foundation
import NMTIDomain
import PosterKit

/// The copy of the 32 classic variants, for the baselines to draw the same posters.
enum VariantsFile {
    /// Writes every binding value of each variant (texts, accent colour, link, scores),
    /// the pinned font files and the theme's SVG mark.
    static func write(theme: Theme, to url: URL) throws {
        var variants: [[String: Any]] = []
        for variant in Variant.all {
            let resolved = ResolvedResult(variant.result)
            let values = theme.bind(resolved)
            // Where each bar's marker sits, 0 (negative end) to 1 (positive end).
            let positions = Dictionary(uniqueKeysWithValues: resolved.dimensionReadings.map { ($0.dimension.rawValue, $0.position) })
            variants.append(["file": variant.label, "values": values.values.mapValues(\.text), "positions": positions])
        }
        let fonts = PinnedFont.standard.map { ["family": $0.family, "path": $0.path] }
        let document: [String: Any] = [
            "theme": theme.name,
            "canvas": ["width": theme.canvasSize.width, "height": theme.canvasSize.height, "scale": PosterCanvas.scale],
            "icon": theme.folder.appendingPathComponent("assets/mark.svg").path,
            "fonts": fonts,
            "variants": variants,
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: url)
    }
}

/// What a baseline script prints on standard output (see bench/baselines/*.py).
struct BaselineReport: Codable, Sendable {
    var name: String
    var description: String
    var versions: [String: String]
    /// Process/browser start-up before the first poster, in milliseconds.
    var startupMs: Double
    /// Per poster, in milliseconds: drawing (or DOM update + layout), encoding (or screenshot), and both.
    var drawMs: [Double]
    var encodeMs: [Double]
    var renderMs: [Double]
    /// Each measured round of all 32 posters, in milliseconds.
    var roundMs: [Double]
    /// PNG sizes of the 32 posters.
    var bytes: [Int]
    /// Peak RSS in KiB of the baseline's processes, as the script measured it.
    var maxRSSKiB: Int?
}

/// A baseline's report reduced to the same statistics as the engine's.
struct BaselineSummary: Codable, Sendable {
    var name: String
    var description: String
    var versions: [String: String]
    var startupMs: Double
    var draw: Summary
    var encode: Summary
    var render: Summary
    var round32: Summary
    var pngBytes: ByteSummary
    var maxRSSKiB: Int?

    init(_ report: BaselineReport) {
        name = report.name
        description = report.description
        versions = report.versions
        startupMs = report.startupMs
        draw = Summary(report.drawMs)
        encode = Summary(report.encodeMs)
        render = Summary(report.renderMs)
        round32 = Summary(report.roundMs)
        pngBytes = ByteSummary(report.bytes)
        maxRSSKiB = report.maxRSSKiB
    }
}

/// Runs a baseline script warm, in one process, and reads its JSON report.
struct BaselineRunner {
    let python: String
    let scripts: URL
    let variants: URL
    let output: URL
    let warmupRounds: Int
    let rounds: Int

    func run(_ script: String) throws -> BaselineSummary {
        let path = scripts.appendingPathComponent(script).path
        log("baseline: \(script) (warm-up \(warmupRounds), rounds \(rounds))")
        let outcome = try Subprocess.run(
            python,
            [path, "--variants", variants.path, "--out", output.path,
             "--warmup", String(warmupRounds), "--rounds", String(rounds), "--json"],
            echoStderr: true)
        guard outcome.status == 0 else { throw Subprocess.Failure(description: "\(script) exited \(outcome.status)") }
        let report = try JSONDecoder().decode(BaselineReport.self, from: outcome.stdout)
        return BaselineSummary(report)
    }
}
