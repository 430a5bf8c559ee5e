import PosterKit
import Foundation
import NMTIDomain

/// One golden image: a theme and the result it renders.
public struct GoldenCase: Sendable, Hashable, CustomStringConvertible {
    /// Where the result comes from.
    public enum Source: Sendable, Hashable {
        /// `QuizResult.catalogueSample(for:pack:)`: the canonical poster of a variant.
        case catalogue(PersonalityCode, QuizPack)
        /// A result JSON file (the edge cases in Fixtures/results).
        case fixture(URL)
    }

    /// The theme's name: the golden's folder under the goldens folder.
    public let theme: String
    /// How the theme is loaded: its name in the themes folder, or a path.
    public let themeReference: String
    /// The golden's file name without `.png`: `workplace-PRED` or `edge-nickname-emoji`.
    public let name: String
    /// The result to render.
    public let source: Source

    /// Creates a case; `themeReference` defaults to the theme's name.
    public init(theme: String, themeReference: String? = nil, name: String, source: Source) {
        self.theme = theme
        self.themeReference = themeReference ?? theme
        self.name = name
        self.source = source
    }

    /// `classic/workplace-PRED`.
    public var id: String { "\(theme)/\(name)" }
    public var description: String { id }

    /// The golden's path relative to the goldens folder.
    public var relativePath: String { "\(theme)/\(name).png" }

    /// The result this golden shows.
    public func result() throws(ResultError) -> QuizResult {
        switch source {
        case .catalogue(let code, let pack):
            return QuizResult.catalogueSample(for: code, pack: pack)
        case .fixture(let url):
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw ResultError(file: url.path, path: "", reason: "the fixture cannot be read")
            }
            return try QuizResult(jsonData: data, file: url.path)
        }
    }

    /// The edge-case fixtures every theme has a golden for (`edge-<name>.png`).
    public static let edgeFixtures = [
        "nickname-emoji", "nickname-markup", "nickname-long", "invited-workplace", "invited-student",
    ]

    /// Every golden of one theme: the 32 variants (pack, then code order) and the edge cases.
    /// - Parameter fixtures: the folder holding the edge-case result JSONs (Fixtures/results).
    public static func all(theme: String, themeReference: String? = nil, fixtures: URL) -> [GoldenCase] {
        var cases: [GoldenCase] = []
        for pack in QuizPack.allCases {
            for code in PersonalityCode.all {
                cases.append(GoldenCase(theme: theme, themeReference: themeReference,
                                        name: "\(pack.rawValue)-\(code.rawValue)", source: .catalogue(code, pack)))
            }
        }
        for fixture in edgeFixtures {
            cases.append(GoldenCase(theme: theme, themeReference: themeReference, name: "edge-\(fixture)",
                                    source: .fixture(fixtures.appendingPathComponent("\(fixture).json"))))
        }
        return cases
    }
}

/// What a run may write into the goldens folder.
public enum GoldenRecordMode: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Never write: a missing golden fails.
    case never
    /// Write goldens that do not exist yet (the run still fails for them).
    case missing
    /// Also rewrite goldens that fail, and delete obsolete ones (the run still fails for them).
    case failed
    /// Also rewrite goldens whose pixels differ within their tolerance. Identical ones are never touched.
    case all

    /// Whether a missing golden is written.
    public var recordsMissing: Bool { self != .never }
    /// Whether a failing golden is rewritten and an obsolete one removed.
    public var recordsFailed: Bool { self == .failed || self == .all }

    public var description: String { rawValue }

    /// The variable naming the mode for test runs.
    public static let environmentVariable = "NMTI_GOLDEN_RECORD"

    /// The mode for a test run: `$NMTI_GOLDEN_RECORD` (default `missing`), but `never`
    /// whenever `CI` is true, so CI cannot quietly bless its own output.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(GoldenSetupError) -> GoldenRecordMode {
        if let ci = environment["CI"]?.lowercased(), ["true", "1", "yes"].contains(ci) { return .never }
        guard let text = environment[environmentVariable], !text.isEmpty else { return .missing }
        guard let mode = GoldenRecordMode(rawValue: text.lowercased()) else {
            throw GoldenSetupError(
                "\(environmentVariable)=\(text) is not a record mode; use one of "
                    + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return mode
    }
}

/// A golden run that cannot start: a bad setting, no themes, no renderer.
public struct GoldenSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one line.
    public let description: String

    /// Creates an error from its message.
    public init(_ description: String) {
        self.description = description
    }
}
