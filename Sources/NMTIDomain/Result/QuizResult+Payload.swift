import Foundation

extension QuizResult {
    /// A code as written in the JSON: canonical or alias, kept raw for messages.
    struct StatedCode {
        let raw: String
        let personality: Personality

        /// Reads an optional code field; nil when absent or null.
        static func read(_ value: Any?, at path: String) throws(ResultError) -> StatedCode? {
            guard let raw = try JSONField.optionalString(value, at: path) else { return nil }
            guard let personality = Personality.find(raw) else {
                throw ResultError(
                    path: path, reason: "'\(raw)' is not a personality code (such as PRED) or alias (such as WORK)",
                    reasonWithoutInput: "not a personality code (such as PRED) or alias (such as WORK)")
            }
            return StatedCode(raw: raw, personality: personality)
        }
    }

    /// The wire shape of a result; every field but `scores` is optional, null
    /// counts as absent and unknown fields are ignored.
    struct Payload {
        let scores: DimensionScores
        let pack: QuizPack
        let code: StatedCode?
        let nickname: String?
        let fromCode: PersonalityCode?
        let fromScores: DimensionScores?
        let fromNickname: String?
        let id: String?
        let date: String?

        /// Reads a document parsed by `JSONSerialization`; `numbers` holds the
        /// numbers' source text, by which integers are judged exactly.
        init(json: Any, numbers: JSONNumberText? = nil) throws(ResultError) {
            let root = try JSONField.object(json, at: "")
            scores = try Self.scores(root["scores"], at: "scores", numbers: numbers)
            if let raw = try JSONField.optionalString(root["pack"], at: "pack") {
                guard let pack = QuizPack(rawValue: raw) else {
                    throw ResultError(path: "pack", reason: "unknown pack '\(raw)'; expected workplace or student",
                                      reasonWithoutInput: "unknown pack; expected workplace or student")
                }
                self.pack = pack
            } else {
                pack = .workplace  // results archived before packs existed
            }
            code = try StatedCode.read(root["code"], at: "code")
            let statedFrom = try StatedCode.read(root["fromCode"], at: "fromCode")
            if root["fromScores"] == nil || root["fromScores"] is NSNull {
                fromScores = nil
                fromCode = statedFrom?.personality.code
            } else {
                let inviterScores = try Self.scores(root["fromScores"], at: "fromScores", numbers: numbers)
                let derived = resolvePersonalityCode(from: inviterScores)
                if let statedFrom, statedFrom.personality.code != derived {
                    let given = "disagrees with fromScores, which give \(derived.rawValue) (\(Personality.of(derived).title))"
                    throw ResultError(path: "fromCode", reason: "'\(statedFrom.raw)' " + given, reasonWithoutInput: "the code " + given)
                }
                fromScores = inviterScores
                fromCode = derived
            }
            nickname = try Self.nickname(root["nickname"], at: "nickname")
            fromNickname = try Self.nickname(root["fromNickname"], at: "fromNickname")
            id = try JSONField.optionalString(root["id"], at: "id")
            date = try JSONField.optionalString(root["date"], at: "date")
        }

        /// Reads a scores object (`scores` or `fromScores`): integer fields c, s, e and a.
        private static func scores(_ value: Any?, at path: String, numbers: JSONNumberText?) throws(ResultError) -> DimensionScores {
            let raw = try JSONField.object(value, at: path, expected: "an object with integer fields c, s, e and a")
            func score(_ dimension: Dimension) throws(ResultError) -> Int {
                try JSONField.integer(raw[dimension.rawValue], text: numbers?.text(at: [path, dimension.rawValue]),
                                      at: "\(path).\(dimension.rawValue)")
            }
            return DimensionScores(c: try score(.c), s: try score(.s), e: try score(.e), a: try score(.a))
        }

        /// A nickname field: nil when absent, null or empty; refused when it holds a control
        /// character (`QuizResult.refusedControlCharacter(in:)`), which drawing would cut at.
        private static func nickname(_ value: Any?, at path: String) throws(ResultError) -> String? {
            guard let text = try JSONField.optionalString(value, at: path), !text.isEmpty else { return nil }
            if let control = QuizResult.refusedControlCharacter(in: text) {
                throw ResultError(
                    path: path,
                    reason: "holds the control character \(QuizResult.codePointName(control)); a nickname may hold line breaks and tabs but no other control character")
            }
            return text
        }
    }
}
