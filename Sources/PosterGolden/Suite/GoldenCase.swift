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
        /// A result built in code: the representative pairs of a pair theme (`pairCases`).
        case result(QuizResult)
    }

    /// The theme's name: the golden's folder under the goldens folder.
    public let theme: String
    /// How the theme is loaded: its name in the themes folder, or a path.
    public let themeReference: String
    /// The format drawn (`poster`, `xhs`, …; `Theme.inFormat(_:)`).
    public let format: String
    /// The golden's file name without `.png`: `workplace-PRED` or `edge-nickname-emoji`.
    public let name: String
    /// The result to render.
    public let source: Source

    /// Creates a case; `themeReference` defaults to the theme's name, `format` to the poster.
    public init(theme: String, themeReference: String? = nil, format: String = PosterFormat.defaultName, name: String, source: Source) {
        self.theme = theme
        self.themeReference = themeReference ?? theme
        self.format = format
        self.name = name
        self.source = source
    }

    /// `classic/workplace-PRED`, or `classic/xhs/workplace-PRED` in another format than the poster.
    public var id: String { "\(folder)/\(name)" }
    public var description: String { id }

    /// The golden's folder relative to the goldens folder: `<theme>` for the poster (as
    /// before formats existed), `<theme>/<format>` for another format.
    public var folder: String { format == PosterFormat.defaultName ? theme : "\(theme)/\(format)" }

    /// The golden's path relative to the goldens folder.
    public var relativePath: String { "\(folder)/\(name).png" }

    /// The result this golden shows.
    public func result() throws(ResultError) -> QuizResult {
        switch source {
        case .catalogue(let code, let pack):
            return QuizResult.catalogueSample(for: code, pack: pack)
        case .result(let result):
            return result
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

    /// The representative pairs every pair theme has a golden for (`pair-<name>.png`): the
    /// same type, all four poles opposite, one pole different, both packs, an inviter with
    /// and without scores (`-poles`: the link carried only their code), no, short and very
    /// long nicknames.
    public static let pairCases: [(name: String, result: QuizResult)] = {
        let long = "宇宙第一摸鱼大王Alexander·the·Great·Procrastinator·二〇二四年度最佳员工提名者"
        let cases: [(String, String, QuizPack, Bool, String?, String?)] = [
            ("PRED", "PRED", .workplace, true, nil, nil),
            ("PRED", "DOOM", .workplace, true, nil, nil),
            ("PRED", "PREM", .workplace, false, nil, nil),
            ("DREM", "POOD", .workplace, true, "阿May", "老板"),
            ("POEM", "PROD", .workplace, true, long, "隔壁工位的" + long),
            ("DROD", "DROD", .student, false, nil, nil),
            ("POOM", "DRED", .student, false, "🐶", "学霸小李"),
            ("PROM", "DOED", .student, true, "小王", nil),
        ]
        return cases.map { mine, theirs, pack, scores, nickname, inviterNickname in
            let sample = ThemeSample.pair(PersonalityCode(mine)!, PersonalityCode(theirs)!, pack: pack, inviterScores: scores,
                                          nickname: nickname, inviterNickname: inviterNickname)
            var name = "pair-\(pack.rawValue)-\(mine)-\(theirs)"
            if !scores { name += "-poles" }
            if nickname != nil || inviterNickname != nil { name += nickname == long ? "-nicknames-long" : "-nicknames" }
            return (name, sample.result)
        }
    }()

    /// Every golden of one theme in each of `formats` (`Theme.formatNames`, the default
    /// first). The default format gets the 32 variants (pack, then code order), the edge
    /// cases and, for a theme whose subject is `pair`, the representative pairs; every other
    /// format gets the 32 variants, or for a pair theme the representative pairs.
    /// - Parameter fixtures: the folder holding the edge-case result JSONs (Fixtures/results).
    public static func all(
        theme: String, themeReference: String? = nil, subject: ThemeSubject = .single, fixtures: URL,
        formats: [String] = [PosterFormat.defaultName]
    ) -> [GoldenCase] {
        var cases: [GoldenCase] = []
        for (index, format) in formats.enumerated() {
            let isDefault = index == 0
            if isDefault || subject != .pair {
                for pack in QuizPack.allCases {
                    for code in PersonalityCode.all {
                        cases.append(GoldenCase(theme: theme, themeReference: themeReference, format: format,
                                                name: "\(pack.rawValue)-\(code.rawValue)", source: .catalogue(code, pack)))
                    }
                }
            }
            if isDefault {
                for fixture in edgeFixtures {
                    cases.append(GoldenCase(theme: theme, themeReference: themeReference, format: format, name: "edge-\(fixture)",
                                            source: .fixture(fixtures.appendingPathComponent("\(fixture).json"))))
                }
            }
            if subject == .pair {
                for pair in pairCases {
                    cases.append(GoldenCase(theme: theme, themeReference: themeReference, format: format, name: pair.name,
                                            source: .result(pair.result)))
                }
            }
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
