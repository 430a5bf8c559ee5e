import Foundation

/// Wall time and peak memory of a whole command, start-up included.
struct ProcessTiming: Codable, Sendable {
    var name: String
    var command: String
    /// "hyperfine" or "repeated runs" (when hyperfine is not installed).
    var timer: String
    /// Wall time of each measured run, in milliseconds.
    var wall: Summary
    /// Median user and system CPU time per run, in milliseconds (hyperfine only).
    var userMs: Double?
    var systemMs: Double?
    /// Peak RSS of each `/usr/bin/time -v` run, in KiB (nil without GNU time).
    var maxRSSKiB: Summary?
}

/// Times whole processes the same way for the engine and the baselines.
struct ProcessBench {
    let warmup: Int
    let runs: Int
    let rssRuns: Int
    let scratch: URL

    /// Times `arguments` (argv, no shell), deleting `cleanup` before each run.
    func measure(name: String, arguments: [String], cleanup: String?, currentDirectory: URL? = nil) throws -> ProcessTiming {
        let command = arguments.map(shellQuote).joined(separator: " ")
        log("process: \(name): \(command)")
        var wall: [Double] = []
        var user: Double?
        var system: Double?
        var timer = "repeated runs"
        if let hyperfine = Subprocess.which("hyperfine") {
            timer = "hyperfine"
            let export = scratch.appendingPathComponent("hyperfine-\(name).json")
            var options = ["--warmup", String(warmup), "--runs", String(runs), "--style", "none",
                           "--export-json", export.path, "-N"]
            if let cleanup { options += ["--prepare", "rm -rf \(cleanup)"] }
            let outcome = try Subprocess.run(hyperfine, options + [command], currentDirectory: currentDirectory)
            guard outcome.status == 0 else {
                throw Subprocess.Failure(description: "hyperfine failed for \(name): \(String(decoding: outcome.stderr, as: UTF8.self))")
            }
            let report = try JSONDecoder().decode(HyperfineReport.self, from: Data(contentsOf: export))
            guard let result = report.results.first else { throw Subprocess.Failure(description: "hyperfine reported nothing") }
            wall = result.times.map { $0 * 1000 }
            user = result.user * 1000
            system = result.system * 1000
        } else {
            for run in 0..<(warmup + runs) {
                if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) }
                let outcome = try Subprocess.run(arguments[0], Array(arguments.dropFirst()), currentDirectory: currentDirectory)
                guard outcome.status == 0 else { throw Subprocess.Failure(description: "\(name) exited \(outcome.status)") }
                if run >= warmup { wall.append(outcome.seconds * 1000) }
            }
        }
        var rss: [Double] = []
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/time") {
            for _ in 0..<rssRuns {
                if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) }
                let outcome = try Subprocess.run("/usr/bin/time", ["-v"] + arguments, currentDirectory: currentDirectory)
                guard outcome.status == 0 else { throw Subprocess.Failure(description: "\(name) exited \(outcome.status) under time -v") }
                let text = String(decoding: outcome.stderr, as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.contains("Maximum resident set size") }),
                   let value = Double(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
                {
                    rss.append(value)
                }
            }
        }
        return ProcessTiming(name: name, command: command, timer: timer, wall: Summary(wall), userMs: user, systemMs: system,
                             maxRSSKiB: rss.isEmpty ? nil : Summary(rss))
    }
}

/// The part of hyperfine's `--export-json` we read.
struct HyperfineReport: Decodable {
    struct Result: Decodable {
        let times: [Double]
        let user: Double
        let system: Double
    }
    let results: [Result]
}
