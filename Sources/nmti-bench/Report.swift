import Foundation
import PosterPNG

/// Everything one benchmark run measured; written as bench/results/latest.json.
struct BenchResult: Codable {
    struct Config: Codable {
        var warmupRounds: Int
        var rounds: Int
        var threadCounts: [Int]
        var encoderLevel: Int
        var encoderFilter: String
        var processRuns: Int
        var themesDirectory: String
    }

    struct MemoryUse: Codable {
        /// ru_maxrss of nmti-bench itself at the end of the in-process part, in KiB.
        var benchMaxRSSKiB: Int
        /// VmHWM of nmti-bench, in KiB.
        var benchVmHWMKiB: Int?
    }

    /// One engine-versus-alternative comparison; ratio > 1 means the engine is faster.
    struct Comparison: Codable {
        var work: String
        var alternative: String
        var alternativeMs: Double
        var engine: String
        var engineMs: Double
        var ratio: Double
    }

    struct Target: Codable {
        var name: String
        var goal: String
        var measured: String
        var met: Bool?
    }

    var generated: String
    var machine: MachineInfo
    var loadAverageAfter: String
    var config: Config
    var startup: StartupCosts?
    var themes: [ThemeStages]
    var throughput: [Throughput]
    /// Throughput of N independent deflate threads over one: the machine's own ceiling.
    var machineScaling: Double
    var floor: Floor?
    var memory: MemoryUse
    var baselines: [BaselineSummary]
    var processes: [ProcessTiming]
    var comparisons: [Comparison]
    var targets: [Target]
    var problems: [String]
}

extension BenchResult {
    func process(_ name: String) -> ProcessTiming? { processes.first { $0.name == name } }
    func baseline(_ name: String) -> BaselineSummary? { baselines.first { $0.name == name } }
    var classic: ThemeStages? { themes.first { $0.theme == "classic" } }
    /// The stages row of the classic theme encoded with `--compression fast`.
    static let classicFast = "classic, fast"
    /// The whole-process batch with `--compression fast`.
    static let fastBatch = "nmti-poster batch --compression fast (all cores)"

    /// Fills `comparisons` and `targets` from the measurements.
    mutating func evaluate() {
        comparisons = []
        func compare(_ work: String, _ alternative: String, _ alternativeMs: Double?, _ engine: String, _ engineMs: Double?) {
            guard let alternativeMs, let engineMs, engineMs > 0 else { return }
            comparisons.append(Comparison(work: work, alternative: alternative, alternativeMs: alternativeMs, engine: engine,
                                          engineMs: engineMs, ratio: alternativeMs / engineMs))
        }
        let render = classic?.render.p50
        let fast = themes.first { $0.theme == Self.classicFast }
        let single = throughput.first { $0.threads == 1 }
        let engine32 = single.map { 32_000 / $0.postersPerSecond }
        let batch = process("nmti-poster batch (all cores)")?.wall.p50
        let batchFast = process(Self.fastBatch)?.wall.p50
        let batch1 = process("nmti-poster batch --jobs 1")?.wall.p50
        let pillowFresh = process("pillow fresh process")?.wall.p50

        let onePoster = "one poster, warm, one thread (p50)"
        compare(onePoster, "Pillow", baseline("pillow")?.render.p50, "render", render)
        compare(onePoster, "Chromium (warm)", baseline("chromium")?.render.p50, "render", render)
        compare(onePoster, "floor: deflate only", floor?.deflate.p50, "render", render)
        compare(onePoster, "Pillow", baseline("pillow")?.render.p50, "render, fast", fast?.render.p50)
        compare(onePoster, "Chromium (warm)", baseline("chromium")?.render.p50, "render, fast", fast?.render.p50)
        let warm32 = "32 classic posters in one warm process, one thread"
        compare(warm32, "Pillow", baseline("pillow")?.round32.p50, "in-process", engine32)
        compare(warm32, "Chromium (warm)", baseline("chromium")?.round32.p50, "in-process", engine32)
        let fresh32 = "32 classic posters, engine as a fresh process"
        compare(fresh32, "Chromium (warm browser)", baseline("chromium")?.round32.p50, "batch, all cores", batch)
        compare(fresh32, "Pillow (fresh process)", pillowFresh, "batch, all cores", batch)
        compare(fresh32, "Chromium (warm browser)", baseline("chromium")?.round32.p50, "batch, fast, all cores", batchFast)
        compare(fresh32, "Pillow (fresh process)", pillowFresh, "batch, fast, all cores", batchFast)
        compare(fresh32, "Chromium (warm browser)", baseline("chromium")?.round32.p50, "batch --jobs 1", batch1)
        compare(fresh32, "Pillow (fresh process)", pillowFresh, "batch --jobs 1", batch1)

        targets = []
        func target(_ name: String, _ goal: String, _ value: Double?, _ format: (Double) -> String, _ met: (Double) -> Bool) {
            targets.append(Target(name: name, goal: goal, measured: value.map(format) ?? "not measured", met: value.map(met)))
        }
        // Every target is evaluated for the default (balanced) and, where it
        // applies, for --compression fast, so the table shows the trade-off.
        target("render + encode, classic, one thread (p50)", "<= 6 ms", render, { ms($0) }, { $0 <= 6 })
        target("same, `--compression fast`", "<= 6 ms", fast?.render.p50, { ms($0) }, { $0 <= 6 })
        target("fresh `nmti-poster batch`, 32 classic (median wall)", "<= 300 ms", batch, { ms($0) }, { $0 <= 300 })
        target("same, `--compression fast`", "<= 300 ms", batchFast, { ms($0) }, { $0 <= 300 })
        func batchRatio(_ alternative: String, _ engine: String) -> Double? {
            comparisons.first { $0.work == fresh32 && $0.alternative.hasPrefix(alternative) && $0.engine == engine }?.ratio
        }
        target("batch vs warm Chromium, same 32 posters", ">= 20x", batchRatio("Chromium", "batch, all cores"),
               { ratio($0) }, { $0 >= 20 })
        target("same, `--compression fast`", ">= 20x", batchRatio("Chromium", "batch, fast, all cores"),
               { ratio($0) }, { $0 >= 20 })
        target("batch vs Pillow, same 32 posters", ">= 6x", batchRatio("Pillow", "batch, all cores"),
               { ratio($0) }, { $0 >= 6 })
        target("same, `--compression fast`", ">= 6x", batchRatio("Pillow", "batch, fast, all cores"),
               { ratio($0) }, { $0 >= 6 })
        let two = throughput.first { $0.threads == 2 }
        let scaling = (two?.postersPerSecond).flatMap { t2 in single.map { t2 / $0.postersPerSecond } }
        target("2 threads vs 1 thread throughput", ">= 1.8x", scaling,
               { ratio($0) + " (machine ceiling \(ratio(machineScaling)))" }, { $0 >= 1.8 })
        let rss = process("nmti-poster batch (all cores)")?.maxRSSKiB?.max
        target("peak RSS of that batch (max of runs)", "<= 120 MB", rss, { mb(kib: $0) }, { $0 * 1024 <= 120_000_000 })
        target("median classic PNG (lossless)", "<= 150 KB", classic?.pngBytes.median, { kb($0) }, { $0 <= 150_000 })
        target("same, `--compression fast`", "<= 150 KB", fast?.pngBytes.median, { kb($0) }, { $0 <= 150_000 })
        let encodeRatio = (classic?.encode.p50).flatMap { encode in floor.map { encode / $0.deflate.p50 } }
        target("PNG encode vs compression-only floor (p50)", "<= 1.5x", encodeRatio, { ratio($0) }, { $0 <= 1.5 })
    }

    /// The Markdown report (bench/results/latest.md; the same tables go in bench/README.md).
    func markdown() -> String {
        var out: [String] = []
        out.append("### Run of \(generated)")
        out.append("")
        out.append("\(machine.cpuModel), \(machine.logicalCPUs) logical CPUs, \(machine.memoryGiB) GiB, Linux \(machine.kernel); "
            + "load average before \(machine.loadAverage), after \(loadAverageAfter). Release build; PNG encoder level "
            + "\(config.encoderLevel), filter `\(config.encoderFilter)`; \(config.warmupRounds) warm-up round(s) and "
            + "\(config.rounds) measured round(s) of the 32 variants per theme.")
        out.append("")
        out.append("#### Targets")
        out.append("")
        out.append("| target | goal | measured | met |")
        out.append("| --- | --- | --- | --- |")
        for target in targets {
            let met = target.met.map { $0 ? "yes" : "**no**" } ?? "—"
            out.append("| \(target.name) | \(target.goal) | \(target.measured) | \(met) |")
        }
        out.append("")
        out.append("#### Engine stages, per poster, one thread (ms: p50 / p95 / p99)")
        out.append("")
        out.append("| theme | theme load | bind + layout | draw | PNG encode | render (whole call) | PNG median | PNG max |")
        out.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for theme in themes {
            out.append("| \(theme.theme) | \(triple(theme.themeLoad)) | \(triple(theme.layout)) | \(triple(theme.draw)) | "
                + "\(triple(theme.encode)) | \(triple(theme.render)) | \(kb(theme.pngBytes.median)) | \(kb(Double(theme.pngBytes.max))) |")
        }
        out.append("")
        if let startup {
            out.append("Start-up inside a process: `FontLibrary()` \(triple(startup.fontLibrary)) ms; "
                + "`PosterRenderer(fonts:)` + first render \(triple(startup.firstRender)) ms.")
            out.append("")
        }
        out.append("#### Throughput (classic, one shared `PosterRenderer`)")
        out.append("")
        out.append("| threads | posters | posters/s | vs 1 thread |")
        out.append("| --- | --- | --- | --- |")
        let base = throughput.first { $0.threads == 1 }?.postersPerSecond
        for row in throughput {
            out.append("| \(row.threads) | \(row.posters) | \(String(format: "%.1f", row.postersPerSecond)) | "
                + "\(base.map { ratio(row.postersPerSecond / $0) } ?? "—") |")
        }
        out.append("")
        out.append("Machine ceiling: \(config.threadCounts.last ?? 1) threads each deflating the same poster independently "
            + "(no shared state) run \(ratio(machineScaling)) the throughput of one thread; the engine's scaling cannot exceed that.")
        out.append("")
        out.append("nmti-bench's own peak RSS after the in-process part: \(mb(kib: Double(memory.benchMaxRSSKiB))) (ru_maxrss)"
            + (memory.benchVmHWMKiB.map { ", VmHWM \(mb(kib: Double($0)))" } ?? "") + ".")
        out.append("")
        if !processes.isEmpty {
            out.append("#### Whole processes (32 classic posters, start-up and font loading included)")
            out.append("")
            out.append("| what | command | timer | wall p50 | wall p95 | min | user / sys CPU (median) | peak RSS (max) |")
            out.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
            for process in processes {
                let cpu = process.userMs.map { u in "\(ms(u)) / \(process.systemMs.map { ms($0) } ?? "—")" } ?? "—"
                out.append("| \(process.name) | `\(shortCommand(process.command))` | \(process.timer), \(process.wall.n) runs | \(ms(process.wall.p50)) | "
                    + "\(ms(process.wall.p95)) | \(ms(process.wall.min)) | \(cpu) | \(process.maxRSSKiB.map { mb(kib: $0.max) } ?? "—") |")
            }
            out.append("")
        }
        if !baselines.isEmpty || floor != nil {
            out.append("#### Baselines (same 32 classic posters, one thread, ms: p50 / p95 / p99)")
            out.append("")
            out.append("| drawer | start-up | draw | encode / capture | per poster | 32 posters (p50) | PNG median | PNG max | peak RSS |")
            out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
            if let classic {
                let in32 = throughput.first { $0.threads == 1 }.map { ms(32_000 / $0.postersPerSecond) } ?? "—"
                out.append("| this engine | \(startup.map { ms($0.fontLibrary.p50 + $0.firstRender.p50) } ?? "—") | "
                    + "\(triple(classic.layout)) (layout), \(triple(classic.draw)) (draw) | \(triple(classic.encode)) | "
                    + "\(triple(classic.render)) | \(in32) | \(kb(classic.pngBytes.median)) | \(kb(Double(classic.pngBytes.max))) | "
                    + "\(process("nmti-poster batch (all cores)")?.maxRSSKiB.map { mb(kib: $0.max) } ?? "—") |")
            }
            for baseline in baselines {
                out.append("| \(baseline.name): \(baseline.description) | \(ms(baseline.startupMs)) | \(triple(baseline.draw)) | "
                    + "\(triple(baseline.encode)) | \(triple(baseline.render)) | \(ms(baseline.round32.p50)) | "
                    + "\(kb(baseline.pngBytes.median)) | \(kb(Double(baseline.pngBytes.max))) | "
                    + "\(baseline.maxRSSKiB.map { mb(kib: Double($0)) } ?? "—") |")
            }
            if let floor {
                out.append("| floor: libdeflate level \(floor.level) over the encoder's filtered scanlines only | — | — | "
                    + "\(triple(floor.deflate)) | \(triple(floor.deflate)) | — | — | — | — |")
                out.append("| (PNGEncoder alone on a pre-drawn raster) | — | — | \(triple(floor.encodeIsolated)) | — | — | — | — | — |")
            }
            out.append("")
            out.append("#### Ratios (alternative time / engine time; above 1 means the engine is faster)")
            out.append("")
            out.append("| work | alternative | its time | engine | engine time | ratio |")
            out.append("| --- | --- | --- | --- | --- | --- |")
            for comparison in comparisons {
                out.append("| \(comparison.work) | \(comparison.alternative) | \(ms(comparison.alternativeMs)) | \(comparison.engine) | "
                    + "\(ms(comparison.engineMs)) | \(ratio(comparison.ratio)) |")
            }
            out.append("")
            for baseline in baselines {
                out.append("- \(baseline.name): " + baseline.versions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            if !baselines.isEmpty { out.append("") }
        }
        if !problems.isEmpty {
            out.append("Problems during this run:")
            out.append("")
            for problem in problems { out.append("- \(problem)") }
            out.append("")
        }
        return out.joined(separator: "\n")
    }
}

func ms(_ value: Double) -> String {
    if value.isNaN { return "—" }
    if value >= 1000 { return String(format: "%.2f s", value / 1000) }
    if value >= 100 { return String(format: "%.0f ms", value) }
    if value >= 10 { return String(format: "%.1f ms", value) }
    return String(format: "%.2f ms", value)
}

/// A command line with each absolute path cut to its last component, for tables.
func shortCommand(_ command: String) -> String {
    command.split(separator: " ").map { word in
        word.hasPrefix("/") || word.hasPrefix("'/") ? String(word.split(separator: "/").last ?? word[...]) : String(word)
    }.joined(separator: " ")
}

func triple(_ summary: Summary) -> String {
    func number(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }
    return "\(number(summary.p50)) / \(number(summary.p95)) / \(number(summary.p99))"
}

func kb(_ bytes: Double) -> String { String(format: "%.1f KB", bytes / 1000) }
func mb(kib: Double) -> String { String(format: "%.1f MB", kib * 1024 / 1_000_000) }
func ratio(_ value: Double) -> String { value >= 10 ? String(format: "%.0fx", value) : String(format: "%.2fx", value) }
