import Foundation

/// One archived quiz result, as the app stores it and the engine reads it.
///
/// See docs/result-json.md. Unknown fields are ignored so newer app versions
/// still render; a missing `pack` means workplace.
public struct QuizResult: Sendable, Hashable {
    /// The four raw dimension totals.
    public var scores: DimensionScores
    /// The copy pack the quiz was taken with.
    public var pack: QuizPack
    /// The code the app stored, normalised to canonical form; agrees with `scores`.
    public var code: PersonalityCode
    /// The quiz taker's nickname, if any.
    public var nickname: String?
    /// The inviter's personality, when the quiz was taken from an invite.
    public var fromCode: PersonalityCode?
    /// The inviter's four scores, when the invite carried them; they agree with `fromCode`.
    public var fromScores: DimensionScores?
    /// The inviter's nickname, when known.
    public var fromNickname: String?
    /// The app's archive identifier, carried through.
    public var id: String?
    /// The app's archive date, carried through as written.
    public var date: String?

    /// Creates a result; the code is always derived from the scores, and the
    /// inviter's code from `fromScores` when they are given.
    public init(
        scores: DimensionScores, pack: QuizPack = .workplace, nickname: String? = nil,
        fromCode: PersonalityCode? = nil, fromScores: DimensionScores? = nil, fromNickname: String? = nil,
        id: String? = nil, date: String? = nil
    ) {
        self.scores = scores
        self.pack = pack
        self.code = resolvePersonalityCode(from: scores)
        self.nickname = nickname
        self.fromCode = fromScores.map(resolvePersonalityCode(from:)) ?? fromCode
        self.fromScores = fromScores
        self.fromNickname = fromNickname
        self.id = id
        self.date = date
    }

    /// Whether the quiz was taken from an invite.
    public var isInvited: Bool { fromCode != nil }
}

/// Why a result JSON was rejected: where (file and JSON path) and why.
public struct ResultError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the result came from, or nil for in-memory data.
    public var file: String?
    /// The JSON path of the offending value, such as `scores.c`; empty for the whole document.
    public var path: String
    /// What is wrong and what was expected.
    public var reason: String
    /// `reason` without the text it quotes from the document (a code or pack as
    /// written), for messages shown to others than the document's author, such as the
    /// service's error pages; the same as `reason` when it quotes nothing.
    public var reasonWithoutInput: String

    /// Creates an error; `reasonWithoutInput` defaults to `reason` (a reason that quotes nothing).
    public init(file: String? = nil, path: String, reason: String, reasonWithoutInput: String? = nil) {
        self.file = file
        self.path = path
        self.reason = reason
        self.reasonWithoutInput = reasonWithoutInput ?? reason
    }

    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        parts.append(path.isEmpty ? "$" : path)
        return parts.joined(separator: ": ") + ": " + reason
    }
}

extension QuizResult {
    /// A representative result of one type and pack for catalogue renders
    /// (batch, previews, goldens): each dimension leans toward the type's pole
    /// with a magnitude that differs by dimension and type, so charts vary.
    public static func catalogueSample(for code: PersonalityCode, pack: QuizPack) -> QuizResult {
        let index = PersonalityCode.all.firstIndex(of: code) ?? 0
        let magnitudes = [9, 4, 7, 11, 2, 6]
        func score(_ dimension: Dimension, _ offset: Int) -> Int {
            let magnitude = magnitudes[(index + offset) % magnitudes.count]
            return code.pole(on: dimension).isPositive ? magnitude : -magnitude
        }
        return QuizResult(scores: DimensionScores(c: score(.c, 0), s: score(.s, 1), e: score(.e, 2), a: score(.a, 3)), pack: pack)
    }
}
