import Foundation

/// Monotonic nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// CPU time of the calling thread, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// Order statistics of a sample, in milliseconds (or any unit the caller chose).
struct Summary: Codable, Sendable {
    var n: Int
    var p50: Double
    var p95: Double
    var p99: Double
    var mean: Double
    var min: Double
    var max: Double

    /// Nearest-rank percentiles, so every reported value is one that was measured.
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        n = sorted.count
        func rank(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let index = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.min(Swift.max(index, 0), sorted.count - 1)]
        }
        p50 = Summary.median(sorted)
        p95 = rank(95)
        p99 = rank(99)
        mean = sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count)
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
    }

    init(nanoseconds: [UInt64]) {
        self.init(nanoseconds.map { Double($0) / 1e6 })
    }

    /// The true median (mean of the two middle values for an even count).
    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// PNG sizes of a set of posters, in bytes.
struct ByteSummary: Codable, Sendable {
    var n: Int
    var median: Double
    var min: Int
    var max: Int

    init(_ sizes: [Int]) {
        let sorted = sizes.sorted()
        n = sorted.count
        median = Summary.median(sorted.map(Double.init))
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }
}

/// Peak resident memory of this process, from the kernel.
enum Memory {
    /// `getrusage(RUSAGE_SELF).ru_maxrss`, in KiB on Linux.
    static func maxRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }

    /// `VmHWM` from /proc/self/status, in KiB (nil where /proc is missing).
    static func highWaterMarkKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}

/// What the machine is and how busy it was.
struct MachineInfo: Codable, Sendable {
    var cpuModel: String
    var logicalCPUs: Int
    var memoryGiB: Double
    var kernel: String
    var loadAverage: String

    static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return MachineInfo(
            cpuModel: model, logicalCPUs: ProcessInfo.processInfo.activeProcessorCount,
            memoryGiB: (Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824 * 10).rounded() / 10,
            kernel: release, loadAverage: loadAverage())
    }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// Progress lines on standard error, so standard output stays clean.
func log(_ message: String) {
    FileHandle.standardError.write(Data(("[nmti-bench] " + message + "\n").utf8))
}
