/// Why a link could not be parsed.
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the link has.
    public enum Reason: Sendable, Hashable {
        /// The link is neither `nmti://…` nor `https://…` (or `http://…`).
        case notALink
        /// The link is longer than `NMTILink.maximumLength` bytes.
        case tooLong(Int)
        /// A web link's base (everything before `i?` or `r?`) is not a valid link base.
        case badBase(String)
        /// The link's kind is not one NMTI uses (`invite`/`reply`, or `i`/`r` on the web).
        case unknownKind(String)
        /// The query string cannot be split into `name=value` pairs: an item without `=`
        /// or without a name, or an empty item (`&&`, a leading or trailing `&`; the item is "").
        case malformedQuery(String)
        /// A parameter the link's kind requires is absent.
        case missingParameter(String)
        /// A parameter appears more than once.
        case duplicateParameter(String)
        /// A name or value has an invalid `%XX` escape or is not UTF-8 once decoded; it holds
        /// the parameter's name, or the raw name when that is what cannot be decoded.
        case badPercentEncoding(String)
        /// A parameter that names a personality holds no known code.
        case unknownCode(parameter: String, value: String)
        /// A scores parameter is not four integers joined by `.`.
        case badScores(parameter: String, value: String)
        /// A code parameter names another type than the scores give.
        case scoresDisagree(parameter: String, code: String, scores: String)
        /// A nickname is longer than a link carries.
        case nicknameTooLong(String)
        /// The pack parameter is not `workplace` or `student` (`w` or `s` on the web).
        case unknownPack(String)
        /// A nickname holds a control character (`QuizResult.refusedControlCharacter(in:)`).
        case controlCharacter(parameter: String, character: Unicode.Scalar)
        /// A compact link's payload (`<base>I/<payload>`, `<base>R/<payload>`) cannot be read.
        case badCompactPayload(CompactPayloadProblem)
    }

    /// The problem.
    public let reason: Reason
    /// The link that was rejected.
    public let link: String

    /// Creates an error.
    public init(reason: Reason, link: String) {
        self.reason = reason
        self.link = link
    }

    /// The link (cut to 200 characters) and what is wrong with it.
    public var description: String {
        let shown = link.count > 200 ? String(link.prefix(200)) + "…" : link
        return "\(shown): \(detail)"
    }

    var detail: String {
        switch reason {
        case .notALink: "not an nmti:// or https:// link"
        case .tooLong(let bytes): "link is \(bytes) bytes; the limit is \(NMTILink.maximumLength)"
        case .badBase(let reason): "link base \(reason)"
        case .unknownKind(let kind): "unknown link kind '\(kind)'; expected invite or reply (i or r on the web)"
        case .malformedQuery(let part): part.isEmpty ? "empty query item (a stray '&')" : "malformed query item '\(part)'"
        case .missingParameter(let name): "missing parameter '\(name)'"
        case .duplicateParameter(let name): "parameter '\(name)' appears more than once"
        case .badPercentEncoding(let name): "parameter '\(name)' is not valid percent-encoded UTF-8"
        case .unknownCode(let name, let value): "parameter '\(name)': '\(value)' is not a personality code or alias"
        case .badScores(let name, let value): "parameter '\(name)': '\(value)' is not four integers joined by '.', such as 6.-3.2.-5"
        case .scoresDisagree(let name, let code, let scores): "parameter '\(name)' says \(code) but the scores give \(scores)"
        case .nicknameTooLong(let name):
            "parameter '\(name)' is longer than \(NMTILink.maximumNicknameLength) characters or \(NMTILink.maximumNicknameBytes) bytes"
        case .unknownPack(let value): "unknown pack '\(value)'; expected workplace or student"
        case .controlCharacter(let name, let character):
            "parameter '\(name)' holds the control character \(QuizResult.codePointName(character)); a nickname may hold line breaks and tabs but no other control character"
        case .badCompactPayload(let problem): problem.description
        }
    }
}
