import Foundation
import UTF8Validation

extension QuizResult {
    /// The largest result document accepted, in bytes.
    public static let maximumDocumentBytes = 64 * 1024

    /// Decodes a result JSON document, naming the file and JSON path of any problem.
    public init(jsonData data: Data, file: String? = nil) throws(ResultError) {
        func fail(_ path: String, _ reason: String) -> ResultError {
            ResultError(file: file, path: path, reason: reason)
        }
        guard !data.isEmpty else { throw fail("", "empty file; expected a JSON object") }
        guard data.count <= Self.maximumDocumentBytes else {
            throw fail("", "document is \(data.count) bytes; the limit is \(Self.maximumDocumentBytes)")
        }
        if let offset = data.firstInvalidUTF8Offset {
            throw fail("", "invalid UTF-8 at byte \(offset)")
        }
        // JSONSerialization would silently accept UTF-16 and UTF-32 text, which
        // always contains NUL bytes; a UTF-8 JSON document never does.
        if let offset = data.firstIndex(of: 0) {
            throw fail("", "NUL byte at byte \(offset - data.startIndex); expected UTF-8 JSON")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw fail("", "not valid JSON" + Self.syntaxDetail(error).map { " (\($0))" }.orEmpty)
        }
        let decoded: Payload
        do {
            decoded = try Payload(json: json, numbers: JSONNumberText(data))
        } catch {
            throw ResultError(file: file, path: error.path, reason: error.reason, reasonWithoutInput: error.reasonWithoutInput)
        }
        self.init(
            scores: decoded.scores, pack: decoded.pack, nickname: decoded.nickname,
            fromCode: decoded.fromCode, fromScores: decoded.fromScores, fromNickname: decoded.fromNickname,
            id: decoded.id, date: decoded.date)
        if let stated = decoded.code, stated.personality.code != code {
            let given = "disagrees with the scores, which give \(code.rawValue) (\(Personality.of(code).title))"
            throw ResultError(file: file, path: "code", reason: "'\(stated.raw)' " + given, reasonWithoutInput: "the code " + given)
        }
    }

    /// Foundation's one-line explanation of a syntax error, such as
    /// "unescaped control character around character 23", without its full stop.
    private static func syntaxDetail(_ error: any Error) -> String? {
        guard var text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String, !text.isEmpty else {
            return nil
        }
        text = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        if text.hasSuffix(".") { text.removeLast() }
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

extension String? {
    fileprivate var orEmpty: String { self ?? "" }
}
