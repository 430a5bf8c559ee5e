import PosterKit
import Foundation

/// How far a render may stray from its golden and still pass. Exact unless the
/// golden has a `<name>.tolerance.json` next to it:
///
///     {"maxChannelDifference": [0, 2], "maxDifferingPixels": [0, 40]}
///
/// Each key is an inclusive range that must start at 0; the comparison's figure
/// must lie in it (`[0, 2]` allows a difference of 2, not 3). Both must hold.
/// A key left out does not limit its figure, so `{"maxDifferingPixels": [0, 40]}`
/// lets up to 40 pixels change by any amount; at least one key is required.
public struct GoldenTolerance: Sendable, Hashable, CustomStringConvertible {
    /// The largest allowed difference of one channel, 0...255.
    public let maxChannelDifference: Int
    /// The most pixels allowed to differ at all.
    public let maxDifferingPixels: Int
    /// Where the tolerance came from, for messages: the file, or why it is the default.
    public let source: String

    /// The suffix replacing `.png` in a golden's tolerance file name.
    public static let fileSuffix = ".tolerance.json"

    /// Creates a tolerance.
    public init(maxChannelDifference: Int, maxDifferingPixels: Int, source: String) {
        self.maxChannelDifference = maxChannelDifference
        self.maxDifferingPixels = maxDifferingPixels
        self.source = source
    }

    /// No difference allowed.
    public static func exact(source: String) -> GoldenTolerance {
        GoldenTolerance(maxChannelDifference: 0, maxDifferingPixels: 0, source: source)
    }

    /// Whether nothing may differ.
    public var isExact: Bool { maxChannelDifference == 0 || maxDifferingPixels == 0 }

    /// Whether a difference is within the tolerance.
    public func allows(_ difference: GoldenDifference) -> Bool {
        difference.differingPixels <= maxDifferingPixels && difference.maxChannelDifference <= maxChannelDifference
    }

    /// `exact` or `channel difference 0...2, differing pixels 0...40`, plus the source.
    public var description: String {
        let rule: String
        if isExact {
            rule = "exact"
        } else {
            let pixels = maxDifferingPixels == .max ? "any number" : "0...\(maxDifferingPixels)"
            rule = "channel difference 0...\(maxChannelDifference), differing pixels \(pixels)"
        }
        return "\(rule) (\(source))"
    }

    /// The tolerance file of a golden: `x.png` → `x.tolerance.json`.
    public static func file(forGolden golden: URL) -> URL {
        golden.deletingPathExtension().appendingPathExtension("tolerance.json")
    }

    /// The tolerance in force for a golden: its file's, else exact.
    public static func load(forGolden golden: URL, displayPath: (URL) -> String = { $0.path }) throws(GoldenToleranceError) -> GoldenTolerance {
        let url = file(forGolden: golden)
        guard FileManager.default.fileExists(atPath: url.path) else {
            return .exact(source: "the default; no \(displayPath(url))")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw GoldenToleranceError(file: displayPath(url), reason: "cannot be read")
        }
        return try parse(data, file: displayPath(url))
    }

    /// Parses a tolerance file strictly: an object with only the known keys, each
    /// `[0, n]` with whole numbers, n >= 0 (and <= 255 for the channel difference).
    public static func parse(_ data: Data, file: String) throws(GoldenToleranceError) -> GoldenTolerance {
        func fail(_ reason: String) -> GoldenToleranceError { GoldenToleranceError(file: file, reason: reason) }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("is not a JSON object")
        }
        let known = ["maxChannelDifference", "maxDifferingPixels"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown key \"\(unknown)\"; expected \(known.map { "\"\($0)\"" }.joined(separator: " or "))")
        }
        guard !object.isEmpty else { throw fail("names no limit; give maxChannelDifference, maxDifferingPixels or both") }

        func range(_ key: String, limit: Int) throws(GoldenToleranceError) -> Int? {
            guard let value = object[key] else { return nil }
            // JSONDecoder, unlike JSONSerialization, refuses booleans and fractions for Int.
            let encoded = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            guard let encoded, let bounds = try? JSONDecoder().decode([Int].self, from: encoded), bounds.count == 2 else {
                throw fail("\(key) must be an inclusive range of two whole numbers [0, n], not \(describe(value))")
            }
            guard bounds[0] == 0 else { throw fail("\(key) must start at 0, not \(bounds[0]): [0, \(bounds[1])]") }
            guard (0...limit).contains(bounds[1]) else {
                throw fail("\(key) upper bound \(bounds[1]) is not in 0...\(limit)")
            }
            return bounds[1]
        }
        let channel = try range("maxChannelDifference", limit: 255)
        let pixels = try range("maxDifferingPixels", limit: Int(Int32.max))
        return GoldenTolerance(maxChannelDifference: channel ?? 255, maxDifferingPixels: pixels ?? .max, source: file)
    }

    private static func describe(_ value: Any) -> String {
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]),
           let text = String(data: data, encoding: .utf8) {
            return text
        }
        return "\(value)"
    }
}

/// A tolerance file that cannot be used; the golden then fails.
public struct GoldenToleranceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The tolerance file.
    public let file: String
    /// What is wrong with it.
    public let reason: String

    public var description: String { "\(file): \(reason)" }
}
