import Foundation
import NMTIDomain
import PosterKit
import Synchronization

/// `nmti-bench --concurrent-memory 2,64,1000`: resident memory of one process whose
/// threads all call one shared `PosterRenderer` at once. Each count runs in a fresh
/// child process (`VmHWM` only ever grows), which loads the classic theme, renders
/// its 32 variants on as many threads as there are workers the count can use (so
/// every count starts with those workers warm), starts
/// that many threads, releases them together, lets each render `rounds` posters,
/// and reports its peak (`VmHWM`) and final (`VmRSS`) resident set from
/// /proc/self/status. `--workers W` sets the renderer's bound (default: the core
/// count); a bound above the count behaves like the old pool, one worker per caller.
enum ConcurrencyMemoryBench {
    /// One measured process.
    struct Sample {
        let callers: Int
        let workers: Int
        let peakKiB: Int
        let finalKiB: Int
        let workersMade: Int
        let seconds: Double
    }

    /// Runs every count in its own child process and prints a Markdown table.
    static func run(counts: [Int], workers: Int?, rounds: Int, themes: URL) throws {
        let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var samples: [Sample] = []
        for count in counts {
            var arguments = ["--concurrent-memory-one", String(count), "--rounds", String(rounds), "--themes", themes.path]
            if let workers { arguments += ["--workers", String(workers)] }
            let outcome = try Subprocess.run(selfPath, arguments, echoStderr: true)
            let line = String(decoding: outcome.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let fields = line.split(separator: " ").compactMap { Int($0) }
            guard outcome.status == 0, fields.count == 5 else {
                throw Subprocess.Failure(description: "child for \(count) callers failed (status \(outcome.status)): \(line)")
            }
            samples.append(Sample(callers: count, workers: fields[1], peakKiB: fields[2], finalKiB: fields[3],
                                  workersMade: fields[4], seconds: outcome.seconds))
        }
        let base = samples.first { $0.callers == 2 } ?? samples[0]
        print("| concurrent calls | worker bound | workers made | peak RSS (VmHWM) | final RSS (VmRSS) | peak vs \(base.callers) calls | wall s |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for sample in samples {
            let ratio = Double(sample.peakKiB) / Double(base.peakKiB)
            print("| \(sample.callers) | \(sample.workers) | \(sample.workersMade) | \(mebibytes(sample.peakKiB)) MiB | "
                  + "\(mebibytes(sample.finalKiB)) MiB | \(String(format: "%.2f", ratio))x | \(String(format: "%.1f", sample.seconds)) |")
        }
    }

    /// The child: `count` threads, `rounds` renders each, then one line
    /// `callers workers peakKiB finalKiB workersMade`.
    static func measureOne(count: Int, workers: Int?, rounds: Int, themes: URL) throws {
        let theme = try Theme.load(from: themes.appendingPathComponent("classic"))
        let renderer = try workers.map { try PosterRenderer(workers: $0) } ?? PosterRenderer()
        // Warm every worker, not just one: the pool hands a lone caller's renders to the
        // same warm worker, so a sequential warm-up would leave the others cold and
        // the 2-call baseline would measure one worker's caches instead of all of them.
        // One thread per worker the count can use (threads, since a dispatch queue runs
        // no more blocking items at once than there are cores).
        let warmFailures = Atomic<Int>(0)
        let warmed = DispatchGroup()
        for _ in 0..<min(renderer.workerCount, count) {
            warmed.enter()
            Thread.detachNewThread {
                for variant in Variant.all where (try? renderer.render(variant.result, theme: theme)) == nil {
                    warmFailures.add(1, ordering: .relaxed)
                }
                warmed.leave()
            }
        }
        warmed.wait()
        guard warmFailures.load(ordering: .relaxed) == 0 else { throw Subprocess.Failure(description: "warm-up renders failed") }
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let failures = Atomic<Int>(0)
        for index in 0..<count {
            done.enter()
            let thread = Thread {
                start.wait()
                for round in 0..<rounds {
                    let variant = Variant.all[(index + round) % Variant.all.count]
                    if (try? renderer.render(variant.result, theme: theme)) == nil { failures.add(1, ordering: .relaxed) }
                }
                done.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        done.wait()
        let failed = failures.load(ordering: .relaxed)
        guard failed == 0 else { throw Subprocess.Failure(description: "\(failed) renders failed") }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        print("\(count) \(renderer.workerCount) \(field("VmHWM")) \(field("VmRSS")) \(renderer.workersMade)")
    }

    private static func mebibytes(_ kib: Int) -> String { String(format: "%.0f", Double(kib) / 1024) }
}
