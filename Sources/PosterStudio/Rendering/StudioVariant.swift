import Foundation
import NMTIDomain
import PosterKit

/// What the page asks to see: one of the 16 types in one of the 2 packs, a nickname,
/// an inviter (or none), a format and whether the debug boxes are drawn.
///
/// The result is built as the result JSON the app would store and read back with
/// `QuizResult(jsonData:)`, so a nickname is checked exactly as in a result file.
struct StudioVariant: Hashable, Sendable {
    var code: PersonalityCode = PersonalityCode("PRED")!
    var pack: QuizPack = .workplace
    var nickname = ""
    /// The inviter's code; nil when the result is not invited.
    var inviter: PersonalityCode?
    var inviterNickname = ""
    /// Whether the invite carried the inviter's scores (the catalogue's for that type).
    var inviterScores = true
    var format: String
    var debug = false

    /// The query parameters the page sends; any other is refused.
    static let parameters: Set<String> = ["code", "pack", "nickname", "from", "fromNickname", "fromScores", "format", "debug"]
    /// The longest nickname accepted, in bytes (a result file's own limit is larger; nobody types more).
    static let maximumNicknameBytes = 512

    /// The variant a query describes (`StudioQuery`), with `format` when it names none.
    init(_ query: [String: String], defaultFormat: String) throws(StudioRequestError) {
        format = defaultFormat
        if let text = query["code"] {
            guard let parsed = PersonalityCode(text) else { throw StudioRequestError(400, "code", "not one of the 16 four-letter codes") }
            code = parsed
        }
        if let text = query["pack"] {
            guard let parsed = QuizPack(rawValue: text) else { throw StudioRequestError(400, "pack", "must be workplace or student") }
            pack = parsed
        }
        nickname = try Self.nickname(query["nickname"], "nickname")
        if let text = query["from"], !text.isEmpty {
            guard let parsed = PersonalityCode(text) else { throw StudioRequestError(400, "from", "not one of the 16 four-letter codes") }
            inviter = parsed
        }
        inviterNickname = try Self.nickname(query["fromNickname"], "fromNickname")
        inviterScores = try Self.flag(query["fromScores"], "fromScores", default: true)
        if let text = query["format"] {
            if let problem = PosterFormat.problem(with: text) { throw StudioRequestError(400, "format", problem) }
            format = text
        }
        debug = try Self.flag(query["debug"], "debug", default: false)
    }

    private static func nickname(_ text: String?, _ name: String) throws(StudioRequestError) -> String {
        guard let text else { return "" }
        guard text.utf8.count <= maximumNicknameBytes else {
            throw StudioRequestError(400, name, "at most \(maximumNicknameBytes) bytes")
        }
        return text
    }

    private static func flag(_ text: String?, _ name: String, default value: Bool) throws(StudioRequestError) -> Bool {
        switch text {
        case nil: return value
        case "1", "true": return true
        case "0", "false": return false
        default: throw StudioRequestError(400, name, "must be 1 or 0")
        }
    }

    /// The result JSON this variant stands for, as an app would store it.
    var resultJSON: Data {
        let scores = QuizResult.catalogueSample(for: code, pack: pack).scores
        var object: [String: Any] = [
            "pack": pack.rawValue, "code": code.rawValue,
            "scores": ["c": scores.c, "s": scores.s, "e": scores.e, "a": scores.a],
        ]
        if !nickname.isEmpty { object["nickname"] = nickname }
        if let inviter {
            object["fromCode"] = inviter.rawValue
            if inviterScores {
                let theirs = QuizResult.catalogueSample(for: inviter, pack: pack).scores
                object["fromScores"] = ["c": theirs.c, "s": theirs.s, "e": theirs.e, "a": theirs.a]
            }
            if !inviterNickname.isEmpty { object["fromNickname"] = inviterNickname }
        }
        // Plain strings and integers: serialising cannot fail.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The result, read back from `resultJSON` with every check a result file gets.
    func result() throws(StudioRequestError) -> QuizResult {
        do throws(ResultError) {
            return try QuizResult(jsonData: resultJSON)
        } catch {
            throw StudioRequestError(400, error.path, error.reasonWithoutInput)
        }
    }
}

/// A request the studio refuses: its status, the parameter at fault and why.
struct StudioRequestError: Error, Sendable, Hashable {
    let status: Int
    let field: String?
    let reason: String

    init(_ status: Int, _ field: String?, _ reason: String) {
        self.status = status
        self.field = field
        self.reason = reason
    }

    /// `{"error": {"status", "field", "message"}}`; the message never quotes the request.
    var json: [UInt8] {
        let object: [String: Any] = ["error": ["status": status, "field": field.map { $0 as Any } ?? NSNull(), "message": reason]]
        return Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }
}
