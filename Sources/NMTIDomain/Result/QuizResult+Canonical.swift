import Foundation

extension QuizResult {
    /// The longest `id` that can name a poster file, in characters.
    public static let maximumFileNameIDLength = 100

    /// Why `id` cannot be used as a poster's file name (`<id>.png`), or nil when it can.
    ///
    /// The app's ids are opaque, so any string is a valid `id`; only a bulk render, which
    /// names each poster after its result's id, needs this check. A usable id is 1 to
    /// 100 ASCII letters, digits, `-`, `_` and `.`, starting with a letter or digit: so it
    /// can never be `.` or `..`, hold a `/` or NUL, hide the file, or clash with the
    /// tool's own hidden files (`.manifest.journal`, temporary files).
    public static func fileNameProblem(forID id: String) -> String? {
        let allowed = "only ASCII letters, digits, '-', '_' and '.' are allowed, starting with a letter or digit, at most \(maximumFileNameIDLength) characters"
        guard !id.isEmpty else { return "an empty id cannot name a poster file (\(allowed))" }
        guard id.unicodeScalars.count <= maximumFileNameIDLength else {
            return "an id of \(id.unicodeScalars.count) characters cannot name a poster file (\(allowed))"
        }
        func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        guard let first = id.unicodeScalars.first, isAlphanumeric(first),
              id.unicodeScalars.allSatisfy({ isAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "." })
        else { return "'\(id)' cannot name a poster file (\(allowed))" }
        return nil
    }

    /// The result in one canonical JSON form: keys sorted, codes canonical, absent fields
    /// left out, no whitespace. Two documents that mean the same result (key order,
    /// spacing, a code alias, `null` for absent, unknown fields) give the same bytes, so
    /// a hash of it identifies the result's content.
    public func canonicalJSON() -> Data {
        struct Canonical: Encodable {
            struct Scores: Encodable { let a, c, e, s: Int }
            let code: String
            let date: String?
            let fromCode: String?
            let fromNickname: String?
            let fromScores: Scores?
            let id: String?
            let nickname: String?
            let pack: String
            let scores: Scores
        }
        let value = Canonical(
            code: code.rawValue, date: date, fromCode: fromCode?.rawValue, fromNickname: fromNickname,
            fromScores: fromScores.map { .init(a: $0.a, c: $0.c, e: $0.e, s: $0.s) }, id: id,
            nickname: nickname, pack: pack.rawValue,
            scores: .init(a: scores.a, c: scores.c, e: scores.e, s: scores.s))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and integers cannot fail.
        return (try? encoder.encode(value)) ?? Data()
    }
}
