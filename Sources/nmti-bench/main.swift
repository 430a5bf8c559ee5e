import Foundation
import PosterKit
import PosterPNG

// nmti-bench: throughput benchmark of the poster engine against Pillow, a warm
// headless Chromium and the compression-only floor. See bench/README.md.

let usage = """
    usage: nmti-bench [options]

      --quick               fewer rounds and runs (a smoke run, not for quoting)
      --warmup N            warm-up rounds of the 32 variants before measuring (default 2)
      --rounds N            measured rounds of the 32 variants per theme (default 8)
      --process-runs N      hyperfine runs of each whole-process command (default 10)
      --themes DIR          the themes folder (default: ./Themes)
      --out DIR             where latest.json, latest.md and variants.json go (default: bench/results)
      --python PATH         the Python with Pillow, qrcode, cairosvg, selenium (default: python3)
      --baselines DIR       the baseline scripts (default: bench/baselines)
      --no-baselines        skip Pillow and Chromium
      --no-chromium         skip Chromium only
      --no-process          skip the whole-process measurements
      --variants-only FILE  only write the 32 classic variants' copy as JSON for the baselines, then exit
      --png-sweep           only time every PNG filter, compressor and level on the 32 classic posters
      --renderer-throughput SECONDS
                            only measure in-process posters/s for SECONDS on --threads threads (default:
                            the core count), unique nicknames, --theme (classic), --compression,
                            --no-layout-cache (every text laid out afresh); JSON line
      --sha256 FILE         only time SHA-256 (libcrypto) over FILE: median ms per hash, JSON line
      --worst-themes DIR    only render one poster of each theme in DIR (bench/worst-themes), --rounds
                            times with a fresh load, and print median seconds; exit 1 if one takes > 2 s
      --concurrent-memory N,N,...
                            only measure peak resident memory with N threads calling one renderer at once
                            (each count in a fresh process; --rounds posters per thread, default 8)
      --workers W           with --concurrent-memory: the renderer's worker bound (default: the core count)
      --typography-lines    only read a typography request (JSON) on stdin and print the engine's
                            lines as JSON (bench/typography/compare.py)
    """

struct Options {
    var warmup = 2
    var rounds = 8
    var processRuns = 10
    var themes = "Themes"
    var out = "bench/results"
    var python = "python3"
    var baselines = "bench/baselines"
    var runPillow = true
    var runChromium = true
    var runProcesses = true
    var variantsOnly: String?
    var pngSweep = false
    var worstThemes: String?
    var rendererThroughput: Double?
    var sha256File: String?
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var theme = "classic"
    var compression = PosterCompression.balanced
    var layoutCache = true
    var concurrentMemory: [Int]?
    var concurrentMemoryOne: Int?
    var workers: Int?

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        func value(_ name: String) -> String {
            guard let next = iterator.next() else { fail("\(name) needs a value") }
            return next
        }
        func count(_ name: String) -> Int {
            let text = value(name)
            guard let number = Int(text), number >= 1 else { fail("\(name) must be a positive number, not '\(text)'") }
            return number
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": warmup = 1; rounds = 2; processRuns = 3
            case "--warmup": warmup = count(argument)
            case "--rounds": rounds = count(argument)
            case "--process-runs": processRuns = count(argument)
            case "--themes": themes = value(argument)
            case "--out": out = value(argument)
            case "--python": python = value(argument)
            case "--baselines": baselines = value(argument)
            case "--no-baselines": runPillow = false; runChromium = false
            case "--no-chromium": runChromium = false
            case "--no-process": runProcesses = false
            case "--variants-only": variantsOnly = value(argument)
            case "--png-sweep": pngSweep = true
            case "--worst-themes": worstThemes = value(argument)
            case "--renderer-throughput": rendererThroughput = Double(count(argument))
            case "--sha256": sha256File = value(argument)
            case "--threads": threads = count(argument)
            case "--theme": theme = value(argument)
            case "--no-layout-cache": layoutCache = false
            case "--compression":
                let text = value(argument)
                guard let setting = PosterCompression(rawValue: text) else { fail("--compression must be fast, balanced or smallest") }
                compression = setting
            case "--concurrent-memory":
                let text = value(argument)
                let counts = text.split(separator: ",").compactMap { Int($0) }.filter { $0 >= 1 }
                guard !counts.isEmpty, counts.count == text.split(separator: ",").count else {
                    fail("--concurrent-memory takes positive counts separated by commas, not '\(text)'")
                }
                concurrentMemory = counts
            case "--concurrent-memory-one": concurrentMemoryOne = count(argument)
            case "--workers": workers = count(argument)
            case "-h", "--help": print(usage); exit(0)
            default: fail("unknown option '\(argument)'\n\n\(usage)")
            }
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("nmti-bench: \(message)\n".utf8))
    exit(64)
}

func main() throws {
    if CommandLine.arguments.dropFirst().first == "--typography-lines" {
        try TypographyLines.run()
        return
    }
    let options = Options(Array(CommandLine.arguments.dropFirst()))
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let themesDirectory = URL(fileURLWithPath: options.themes, relativeTo: cwd).standardizedFileURL
    let outDirectory = URL(fileURLWithPath: options.out, relativeTo: cwd).standardizedFileURL
    try FileManager.default.createDirectory(at: outDirectory, withIntermediateDirectories: true)

    if let seconds = options.rendererThroughput {
        try ServeBench.rendererThroughput(themes: themesDirectory, theme: options.theme, threads: options.threads, seconds: seconds, compression: options.compression,
                                            layoutCache: options.layoutCache)
        return
    }
    if let file = options.sha256File {
        try ServeBench.sha256(file: file)
        return
    }
    if let callers = options.concurrentMemoryOne {
        try ConcurrencyMemoryBench.measureOne(count: callers, workers: options.workers, rounds: options.rounds, themes: themesDirectory)
        return
    }
    if let counts = options.concurrentMemory {
        try ConcurrencyMemoryBench.run(counts: counts, workers: options.workers, rounds: options.rounds, themes: themesDirectory)
        return
    }

    if let worstThemes = options.worstThemes {
        let folder = URL(fileURLWithPath: worstThemes, relativeTo: cwd).standardizedFileURL
        if !(try WorstThemesBench.run(folder: folder, rounds: options.rounds)) { exit(1) }
        return
    }

    let classicTheme = try Theme.load(from: themesDirectory.appendingPathComponent("classic"))
    let variantsURL = options.variantsOnly.map { URL(fileURLWithPath: $0, relativeTo: cwd) }
        ?? outDirectory.appendingPathComponent("variants.json")
    try VariantsFile.write(theme: classicTheme, to: variantsURL)
    if options.variantsOnly != nil {
        log("wrote \(variantsURL.path)")
        return
    }

    if options.pngSweep {
        let renderer = try PosterRenderer()
        let pngs = try Variant.all.map { try renderer.render($0.result, theme: classicTheme).png }
        let deflaters = [1, 2, 3, 4, 5, 6, 7, 9].map { PNGDeflater.libdeflate(level: $0) } + (0...3).map { PNGDeflater.igzip(level: $0) }
        print(try PNGSweep.run(pngs: pngs, deflaters: deflaters, repeats: 5))
        return
    }

    let machine = MachineInfo.current()
    log("machine: \(machine.cpuModel), \(machine.logicalCPUs) CPUs, load \(machine.loadAverage)")
    let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nmti-bench-\(getpid())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    let themeNames = ThemeStore(directory: themesDirectory).names()
    let processors = ProcessInfo.processInfo.activeProcessorCount
    let threadCounts = Array(Set([1, min(2, processors), processors])).sorted()
    let engine = EngineBench(themesDirectory: themesDirectory, themeNames: themeNames, warmupRounds: options.warmup,
                             rounds: options.rounds, threadCounts: threadCounts)
    var problems: [String] = []

    // 1. In-process: start-up costs, stages per theme, throughput, the floor.
    log("engine: start-up costs")
    let startup = try engine.startup(samples: max(3, options.rounds / 2))
    let renderer = try PosterRenderer()
    var stages: [ThemeStages] = []
    var classicPNGs: [[UInt8]] = []
    for name in themeNames {
        log("engine: stages, theme \(name)")
        let (summary, pngs) = try engine.stages(theme: name, renderer: renderer)
        stages.append(summary)
        if name == "classic" { classicPNGs = pngs }
    }
    // The same classic posters with `--compression fast` (igzip), the speed-first setting.
    log("engine: stages, theme classic, compression fast")
    var (fastStages, _) = try engine.stages(theme: "classic", renderer: try PosterRenderer(compression: .fast))
    fastStages.theme = BenchResult.classicFast
    stages.append(fastStages)
    // The same two with each worker's layout cache off: every text shaped afresh, as
    // for a text no earlier poster had (the typesetter's own cost, cache aside).
    for (compression, label) in [(PosterCompression.balanced, "classic, no layout cache"), (.fast, "classic, fast, no layout cache")] {
        log("engine: stages, theme \(label)")
        let cold = PosterRenderer(fonts: try PosterFonts.library(), encoder: PNG(compression: compression), layoutCache: 0)
        var (coldStages, _) = try engine.stages(theme: "classic", renderer: cold)
        coldStages.theme = label
        stages.append(coldStages)
    }
    var throughput: [Throughput] = []
    for threads in threadCounts {
        log("engine: throughput on \(threads) thread(s)")
        throughput.append(engine.throughput(threads: threads, renderer: renderer, theme: classicTheme))
    }
    log("floor: deflate only")
    let floor = try FloorBench.measure(pngs: classicPNGs, rounds: options.rounds)
    let cores = threadCounts.last ?? 1
    log("machine ceiling: independent deflate on 1 vs \(cores) threads")
    let ceiling = cores > 1 ? try MachineCeiling.measure(png: classicPNGs[0], threads: cores) : 1
    let memory = BenchResult.MemoryUse(benchMaxRSSKiB: Memory.maxRSSKiB(), benchVmHWMKiB: Memory.highWaterMarkKiB())

    // 2. Baselines, warm, in their own processes.
    var baselines: [BaselineSummary] = []
    let scriptsDirectory = URL(fileURLWithPath: options.baselines, relativeTo: cwd).standardizedFileURL
    let runner = BaselineRunner(python: options.python, scripts: scriptsDirectory, variants: variantsURL,
                                output: scratch.appendingPathComponent("baseline-out"), warmupRounds: options.warmup,
                                rounds: max(2, options.rounds / 2))
    for (enabled, script) in [(options.runPillow, "pillow_poster.py"), (options.runChromium, "chromium_poster.py")] where enabled {
        do {
            baselines.append(try runner.run(script))
        } catch {
            problems.append("baseline \(script) failed: \(error)")
            log("baseline \(script) failed: \(error)")
        }
    }

    // 3. Whole processes: the CLI as a user runs it, and Pillow doing the same 32 posters from cold.
    var processes: [ProcessTiming] = []
    if options.runProcesses {
        let bench = ProcessBench(warmup: 2, runs: options.processRuns, rssRuns: 3, scratch: scratch)
        let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let cli = URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent("nmti-poster").path
        let packageRoot = themesDirectory.deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: cli) {
            let batchOut = scratch.appendingPathComponent("batch").path
            do {
                processes.append(try bench.measure(
                    name: "nmti-poster batch (all cores)", arguments: [cli, "batch", "--out", batchOut, "--quiet"],
                    cleanup: batchOut, currentDirectory: packageRoot))
                processes.append(try bench.measure(
                    name: BenchResult.fastBatch,
                    arguments: [cli, "batch", "--out", batchOut, "--compression", "fast", "--quiet"],
                    cleanup: batchOut, currentDirectory: packageRoot))
                processes.append(try bench.measure(
                    name: "nmti-poster batch --jobs 1", arguments: [cli, "batch", "--out", batchOut, "--jobs", "1", "--quiet"],
                    cleanup: batchOut, currentDirectory: packageRoot))
            } catch {
                problems.append("whole-process batch failed: \(error)")
            }
        } else {
            problems.append("\(cli) is missing: build it with `swift build -c release --product nmti-poster` (bench/run.sh does)")
        }
        if options.runPillow, baselines.contains(where: { $0.name == "pillow" }), let python = Subprocess.which(options.python) {
            let pillowOut = scratch.appendingPathComponent("pillow-once").path
            let fresh = ProcessBench(warmup: 1, runs: max(3, options.processRuns / 2), rssRuns: 1, scratch: scratch)
            do {
                processes.append(try fresh.measure(
                    name: "pillow fresh process",
                    arguments: [python, scriptsDirectory.appendingPathComponent("pillow_poster.py").path,
                                "--variants", variantsURL.path, "--out", pillowOut, "--once"],
                    cleanup: pillowOut))
            } catch {
                problems.append("Pillow as a fresh process failed: \(error)")
            }
        }
    }

    let encoder = PNGEncoder()
    var result = BenchResult(
        generated: ISO8601DateFormatter().string(from: Date()), machine: machine, loadAverageAfter: MachineInfo.loadAverage(),
        config: .init(warmupRounds: options.warmup, rounds: options.rounds, threadCounts: threadCounts,
                      encoderLevel: encoder.compressionLevel, encoderFilter: encoder.filterStrategy.rawValue,
                      processRuns: options.processRuns, themesDirectory: options.themes),
        startup: startup, themes: stages, throughput: throughput, machineScaling: ceiling, floor: floor, memory: memory, baselines: baselines,
        processes: processes, comparisons: [], targets: [], problems: problems)
    result.evaluate()

    let encoderJSON = JSONEncoder()
    encoderJSON.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoderJSON.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    try encoderJSON.encode(result).write(to: outDirectory.appendingPathComponent("latest.json"))
    let markdown = result.markdown()
    try Data((markdown + "\n").utf8).write(to: outDirectory.appendingPathComponent("latest.md"))
    print(markdown)
    log("wrote \(outDirectory.path)/latest.json and latest.md")
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("nmti-bench: \(error)\n".utf8))
    exit(1)
}
