import Foundation

/// A strict reader of the Prometheus text exposition format (0.0.4), enough to prove
/// `/metrics` parses: every line is a `# HELP`, a `# TYPE` before its samples, or a
/// sample `name{label="value",…} number`; histogram buckets are cumulative and end in `+Inf`.
enum PrometheusParser {
    struct Sample: Equatable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    struct Family {
        var type = "untyped"
        var help = ""
        var samples: [Sample] = []
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ text: String) throws -> [String: Family] {
        guard text.hasSuffix("\n") else { throw Malformed(description: "the exposition does not end with a line break") }
        var families: [String: Family] = [:]
        let namePattern = #/[a-zA-Z_:][a-zA-Z0-9_:]*/#
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let location = "line \(index + 1): '\(line)'"
            if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
                guard parts.count >= 3, parts[2].wholeMatch(of: namePattern) != nil else { throw Malformed(description: location) }
                if parts[1] == "TYPE" {
                    guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else { throw Malformed(description: location) }
                    guard families[parts[2]]?.samples.isEmpty ?? true else { throw Malformed(description: "\(location): TYPE after samples") }
                    families[parts[2], default: Family()].type = parts[3]
                } else {
                    families[parts[2], default: Family()].help = parts.count == 4 ? parts[3] : ""
                }
                continue
            }
            guard !line.hasPrefix("#") else { continue }
            let sample = try parseSample(String(line), location)
            let family = [sample.name, sample.name.replacing(#/_(bucket|sum|count)$/#, with: "")].first { families[$0] != nil } ?? sample.name
            families[family, default: Family()].samples.append(sample)
        }
        // Each series of a histogram (its labels besides `le`) on its own.
        for (name, family) in families where family.type == "histogram" {
            let series = Set(family.samples.map { $0.labels.filter { $0.key != "le" } })
            for labels in series {
                let buckets = family.samples.filter { $0.name == name + "_bucket" && $0.labels.filter { $0.key != "le" } == labels }
                guard let last = buckets.last, last.labels["le"] == "+Inf" else { throw Malformed(description: "\(name)\(labels): no +Inf bucket") }
                guard zip(buckets, buckets.dropFirst()).allSatisfy({ $0.value <= $1.value }) else { throw Malformed(description: "\(name)\(labels): buckets not cumulative") }
                guard family.samples.first(where: { $0.name == name + "_count" && $0.labels == labels })?.value == last.value else {
                    throw Malformed(description: "\(name)\(labels): count != +Inf bucket")
                }
            }
        }
        return families
    }

    private static func parseSample(_ line: String, _ location: String) throws -> Sample {
        let pattern = #/([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)/#
        guard let match = line.wholeMatch(of: pattern) else { throw Malformed(description: location) }
        var labels: [String: String] = [:]
        if let body = match.output.3, !body.isEmpty {
            let labelPattern = #/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/#
            var rest = Substring(body)
            while !rest.isEmpty {
                guard let label = rest.prefixMatch(of: labelPattern) else { throw Malformed(description: "\(location): labels") }
                labels[String(label.output.1)] = String(label.output.2)
                rest = rest[label.range.upperBound...]
                if rest.hasPrefix(",") { rest = rest.dropFirst() } else if !rest.isEmpty { throw Malformed(description: "\(location): labels") }
            }
        }
        let text = String(match.output.4)
        guard let value = Double(text) ?? (text == "+Inf" ? .infinity : nil) else { throw Malformed(description: "\(location): value") }
        return Sample(name: String(match.output.1), labels: labels, value: value)
    }
}
