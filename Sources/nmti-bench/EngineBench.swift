import PosterGraphics
import Foundation
import NMTIDomain
import PosterKit
import Synchronization
import PosterPNG

/// One fixed input: a catalogue result of one type and pack.
struct Variant: Sendable {
    let pack: QuizPack
    let code: PersonalityCode
    var result: QuizResult { QuizResult.catalogueSample(for: code, pack: pack) }
    var label: String { "\(pack.rawValue)/\(code.rawValue)" }

    /// All 32: both packs x the 16 types, in batch order.
    static let all: [Variant] = QuizPack.allCases.flatMap { pack in PersonalityCode.all.map { Variant(pack: pack, code: $0) } }
}

/// Per-theme measurements of the engine, in milliseconds.
struct ThemeStages: Codable, Sendable {
    var theme: String
    /// Reading, parsing and validating the theme folder, assets included (uncached).
    var themeLoad: Summary
    /// Binding the result and laying out the display list (text shaping included).
    var layout: Summary
    /// Drawing the display list with Cairo.
    var draw: Summary
    /// PNG encoding of the finished raster.
    var encode: Summary
    /// layout + draw + encode as measured by the renderer (`RenderExtras.timings`).
    var stagesTotal: Summary
    /// The public `PosterRenderer.render` call, timed on its own.
    var render: Summary
    /// PNG sizes of the 32 variants.
    var pngBytes: ByteSummary
}

/// Throughput of the shared renderer on a fixed number of threads.
struct Throughput: Codable, Sendable {
    var threads: Int
    var posters: Int
    var seconds: Double
    var postersPerSecond: Double
}

/// The cost of creating the font library and of the first render on it, in milliseconds.
struct StartupCosts: Codable, Sendable {
    /// `FontLibrary()`: a fresh fontconfig configuration over the pinned files.
    var fontLibrary: Summary
    /// `PosterRenderer(fonts:)` plus the first classic render on a fresh library
    /// (worker, Pango font map and faces created lazily), minus nothing.
    var firstRender: Summary
}

/// The "compression only" floor: libdeflate at the encoder's level over exactly the
/// filtered scanlines the encoder compresses (recovered by inflating its IDAT).
struct Floor: Codable, Sendable {
    var level: Int
    /// Deflate alone, per classic poster.
    var deflate: Summary
    /// `PNGEncoder.encode` of an already-drawn raster, outside any render.
    var encodeIsolated: Summary
    /// Uncompressed scanline bytes per poster (filter bytes included).
    var scanlineBytes: Int
}

/// Drives the engine in-process.
struct EngineBench {
    let themesDirectory: URL
    let themeNames: [String]
    let warmupRounds: Int
    let rounds: Int
    let threadCounts: [Int]

    func loadTheme(_ name: String) throws -> Theme {
        try Theme.load(from: themesDirectory.appendingPathComponent(name))
    }

    func startup(samples: Int) throws -> StartupCosts {
        let theme = try loadTheme("classic")
        var library: [UInt64] = []
        var first: [UInt64] = []
        let input = Variant.all[0].result
        for _ in 0..<samples {
            let t0 = monotonicNanoseconds()
            let fonts = try FontLibrary()
            let t1 = monotonicNanoseconds()
            let renderer = PosterRenderer(fonts: fonts)
            _ = try renderer.render(input, theme: theme)
            let t2 = monotonicNanoseconds()
            library.append(t1 - t0)
            first.append(t2 - t1)
        }
        return StartupCosts(fontLibrary: Summary(nanoseconds: library), firstRender: Summary(nanoseconds: first))
    }

    func stages(theme name: String, renderer: PosterRenderer) throws -> (ThemeStages, [[UInt8]]) {
        var loads: [UInt64] = []
        var theme = try loadTheme(name)
        for _ in 0..<max(3, rounds) {
            let t0 = monotonicNanoseconds()
            theme = try loadTheme(name)
            loads.append(monotonicNanoseconds() - t0)
        }
        let results = Variant.all.map(\.result)
        for _ in 0..<warmupRounds {
            for result in results { _ = try renderer.render(result, theme: theme) }
        }
        var layout: [UInt64] = [], draw: [UInt64] = [], encode: [UInt64] = [], total: [UInt64] = []
        var renders: [UInt64] = []
        var pngs: [[UInt8]] = []
        for round in 0..<rounds {
            for result in results {
                guard let timings = try renderer.run(RenderRequest(result, theme: theme, extras: .timings)).timings else { continue }
                layout.append(timings.layout)
                draw.append(timings.draw)
                encode.append(timings.encode)
                total.append(timings.layout + timings.draw + timings.encode)
            }
            for result in results {
                let t0 = monotonicNanoseconds()
                let poster = try renderer.render(result, theme: theme)
                renders.append(monotonicNanoseconds() - t0)
                if round == 0 { pngs.append(poster.png) }
            }
        }
        let stages = ThemeStages(
            theme: name, themeLoad: Summary(nanoseconds: loads), layout: Summary(nanoseconds: layout),
            draw: Summary(nanoseconds: draw), encode: Summary(nanoseconds: encode),
            stagesTotal: Summary(nanoseconds: total), render: Summary(nanoseconds: renders),
            pngBytes: ByteSummary(pngs.map(\.count)))
        return (stages, pngs)
    }

    /// Renders `rounds` x 32 classic posters on `threads` threads sharing one renderer.
    func throughput(threads: Int, renderer: PosterRenderer, theme: Theme) -> Throughput {
        let results = Variant.all.map(\.result)
        let total = rounds * results.count
        // Warm every worker the run will use.
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            _ = try? renderer.render(results[index % results.count], theme: theme)
        }
        let counter = Counter()
        let t0 = monotonicNanoseconds()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let index = counter.next(below: total) {
                _ = try? renderer.render(results[index % results.count], theme: theme)
            }
        }
        let seconds = Double(monotonicNanoseconds() - t0) / 1e9
        return Throughput(threads: threads, posters: total, seconds: seconds, postersPerSecond: Double(total) / seconds)
    }
}

/// A work counter shared by threads.
final class Counter: Sendable {
    private let value = Mutex(0)

    func next(below limit: Int) -> Int? {
        value.withLock { value in
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}
