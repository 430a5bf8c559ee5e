/// A Prometheus histogram of durations in seconds with fixed buckets.
struct DurationHistogram: Sendable {
    /// Upper bounds in seconds, ascending; `+Inf` is implied.
    static let bounds: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private(set) var counts = [Int](repeating: 0, count: bounds.count)
    private(set) var total = 0
    private(set) var sum = 0.0

    mutating func record(nanoseconds: UInt64) {
        let seconds = Double(nanoseconds) / 1e9
        if let index = Self.bounds.firstIndex(where: { seconds <= $0 }) { counts[index] += 1 }
        total += 1
        sum += seconds
    }

    /// The exposition lines for `name` (cumulative buckets, sum, count), with `labels`
    /// (already written, such as `route="poster"`) on every sample.
    func lines(_ name: String, labels: String = "") -> [String] {
        var lines: [String] = []
        var cumulative = 0
        let prefix = labels.isEmpty ? "" : labels + ","
        let braced = labels.isEmpty ? "" : "{\(labels)}"
        for (index, bound) in Self.bounds.enumerated() {
            cumulative += counts[index]
            lines.append("\(name)_bucket{\(prefix)le=\"\(PrometheusText.number(bound))\"} \(cumulative)")
        }
        lines.append("\(name)_bucket{\(prefix)le=\"+Inf\"} \(total)")
        lines.append("\(name)_sum\(braced) \(PrometheusText.number(sum))")
        lines.append("\(name)_count\(braced) \(total)")
        return lines
    }
}

/// Formatting for the Prometheus text exposition format (version 0.0.4).
enum PrometheusText {
    /// A number as Prometheus writes it.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A label value with `\`, `"` and line breaks escaped.
    static func label(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
