import Foundation
import NMTIDomain
import PosterKit

/// The concurrency soak: renders every theme's 32 catalogue variants and every
/// fixture result once on one thread as the reference, then renders them again
/// and again on 2, 4 and 8 threads through one shared `PosterRenderer`, checking
/// that every PNG is byte-identical to its reference and sampling the resident
/// memory, which must stay flat. Exits 1 on any mismatch, error or memory growth.
///
///   nmti-soak [--renders N] [--threads 2,4,8] [--themes classic,neon,paper]
///             [--max-growth-mib M] [--package DIR]
@main struct Soak {
    struct Options {
        var renders = 5000
        var threads = [2, 4, 8]
        var themes: [String]?
        var maxGrowthMiB = 48.0
        var package = "."
    }

    static func main() {
        var options = Options()
        var arguments = Array(CommandLine.arguments.dropFirst())
        while !arguments.isEmpty {
            let flag = arguments.removeFirst()
            guard let value = arguments.first else { usage("missing value for \(flag)") }
            arguments.removeFirst()
            switch flag {
            case "--renders":
                guard let count = Int(value) else { usage("bad --renders \(value)") }
                options.renders = count
            case "--threads":
                let counts = value.split(separator: ",").compactMap { Int($0) }
                guard !counts.isEmpty else { usage("bad --threads \(value)") }
                options.threads = counts
            case "--themes": options.themes = value.split(separator: ",").map(String.init)
            case "--max-growth-mib":
                guard let limit = Double(value) else { usage("bad --max-growth-mib \(value)") }
                options.maxGrowthMiB = limit
            case "--package": options.package = value
            default: usage("unknown option \(flag)")
            }
        }
        do {
            exit(try run(options) ? 0 : 1)
        } catch {
            say("soak: error: \(error)")
            exit(1)
        }
    }

    static func usage(_ message: String) -> Never {
        say("soak: \(message)\nusage: nmti-soak [--renders N] [--threads 2,4,8] [--themes a,b] [--max-growth-mib M] [--package DIR]")
        exit(64)
    }

    struct Input: @unchecked Sendable {
        let label: String
        let result: QuizResult
        let theme: Theme
    }

    static func run(_ options: Options) throws -> Bool {
        let root = URL(fileURLWithPath: options.package)
        let store = ThemeStore(directory: root.appendingPathComponent("Themes"))
        let names = options.themes ?? store.names()
        let themes = try names.map { try store.theme($0) }
        var collected: [Input] = []
        for theme in themes {
            for pack in QuizPack.allCases {
                for code in PersonalityCode.all {
                    collected.append(Input(label: "\(theme.name)/\(pack.rawValue)/\(code.rawValue)",
                                        result: QuizResult.catalogueSample(for: code, pack: pack), theme: theme))
                }
            }
        }
        let fixtures = root.appendingPathComponent("Fixtures/results")
        for file in (try FileManager.default.contentsOfDirectory(atPath: fixtures.path)).filter({ $0.hasSuffix(".json") }).sorted() {
            let data = try Data(contentsOf: fixtures.appendingPathComponent(file))
            let result = try QuizResult(jsonData: data, file: file)
            let theme = themes[collected.count % themes.count]
            collected.append(Input(label: "\(theme.name)/\(file)", result: result, theme: theme))
        }
        let renderer = try PosterRenderer()
        let inputs = collected
        let start = Date()
        // The reference: every input once, on this thread.
        let reference = try inputs.map { try renderer.render($0.result, theme: $0.theme).png }
        say(String(format: "soak: %d inputs (%@), reference renders in %.1f s; RSS %.1f MiB",
                     inputs.count, names.joined(separator: ", "), Date().timeIntervalSince(start), residentMiB()))

        let perRound = options.renders / options.threads.count
        var samples: [(renders: Int, mib: Double)] = []
        var mismatches = 0
        var failures = 0
        var total = 0
        for threads in options.threads {
            let counter = Counter()
            let base = total
            let roundStart = Date()
            let group = DispatchGroup()
            for worker in 0..<threads {
                DispatchQueue.global().async(group: group) {
                    while let index = counter.next(limit: perRound) {
                        // Workers start at different inputs so that they overlap on different themes.
                        let input = (index * 7 + worker) % inputs.count
                        do {
                            let png = try renderer.render(inputs[input].result, theme: inputs[input].theme).png
                            if png != reference[input] { counter.mismatch(inputs[input].label) }
                        } catch {
                            counter.failure("\(inputs[input].label): \(error)")
                        }
                        if index % 100 == 0 { counter.sample(base + index, residentMiB()) }
                    }
                }
            }
            group.wait()
            total += perRound
            samples += counter.samples
            mismatches += counter.mismatches.count
            failures += counter.failures.count
            for label in counter.mismatches.prefix(5) { say("soak: MISMATCH \(label)") }
            for message in counter.failures.prefix(5) { say("soak: FAILED \(message)") }
            let seconds = Date().timeIntervalSince(roundStart)
            say(String(format: "soak: %d threads: %d renders in %.1f s (%.1f/s), %d mismatches, %d failures; RSS %.1f MiB",
                         threads, perRound, seconds, Double(perRound) / seconds, counter.mismatches.count,
                         counter.failures.count, residentMiB()))
        }
        // Flat memory: compare the first tenth of the samples (after warm-up) with the last tenth.
        samples.sort { $0.renders < $1.renders }
        let tenth = max(1, samples.count / 10)
        let early = samples.prefix(tenth).map(\.mib).reduce(0, +) / Double(tenth)
        let late = samples.suffix(tenth).map(\.mib).reduce(0, +) / Double(tenth)
        let peak = samples.map(\.mib).max() ?? 0
        let growth = late - early
        say(String(format: "soak: %d renders in %.1f s; RSS early %.1f MiB, late %.1f MiB, peak %.1f MiB, growth %.1f MiB (limit %.0f)",
                     total, Date().timeIntervalSince(start), early, late, peak, growth, options.maxGrowthMiB))
        let ok = mismatches == 0 && failures == 0 && growth <= options.maxGrowthMiB
        say(ok ? "soak: PASS" : "soak: FAIL")
        return ok
    }

    /// The process's resident set size, from /proc/self/statm.
    static func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// The shared work counter and what the workers found.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var issued = 0
    private(set) var mismatches: [String] = []
    private(set) var failures: [String] = []
    private(set) var samples: [(renders: Int, mib: Double)] = []

    func next(limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard issued < limit else { return nil }
        issued += 1
        return issued - 1
    }

    func mismatch(_ label: String) {
        lock.lock()
        mismatches.append(label)
        lock.unlock()
    }

    func failure(_ message: String) {
        lock.lock()
        failures.append(message)
        lock.unlock()
    }

    func sample(_ renders: Int, _ mib: Double) {
        lock.lock()
        samples.append((renders, mib))
        lock.unlock()
    }
}

/// Writes one line to standard output at once, so progress appears as it happens
/// even in a log file (and without touching C's `stdout`, which Swift 6 rejects).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
