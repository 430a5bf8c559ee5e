import Foundation

/// The standard `process_…` metrics, read from the kernel at scrape time.
struct ProcessSample {
    /// User plus system CPU time, in seconds.
    var cpuSeconds: Double
    /// When the process started, in seconds since 1970.
    var startTime: Double
    /// Descriptors open now.
    var openDescriptors: Int
    /// The open-file limit (soft).
    var maximumDescriptors: Int
    /// Virtual memory size, in bytes.
    var virtualBytes: Int

    static func now() -> ProcessSample {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        var limit = rlimit()
        let maximum = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 0
        return ProcessSample(
            cpuSeconds: cpu, startTime: startTime, openDescriptors: openDescriptors(), maximumDescriptors: maximum,
            virtualBytes: virtualBytes())
    }

    /// From the process's start in clock ticks after boot (`/proc/self/stat`, field 22) and
    /// the boot time (`btime` in `/proc/stat`); read once. 0 when `/proc` cannot be read.
    static let startTime: Double = {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")"),
              let system = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let bootLine = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
              let boot = Double(bootLine.dropFirst("btime ".count).trimmingCharacters(in: .whitespaces))
        else { return 0 }
        // After the command name in parentheses: field 3 (state) onwards, so field 22 is index 19.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
        return boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }()

    private static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
            if !isDot { count += 1 }
        }
        return max(0, count - 1)  // less the descriptor of the listing itself
    }

    private static func virtualBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
