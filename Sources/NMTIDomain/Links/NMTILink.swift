/// A backend-free deep link carried by a poster's QR code.
///
/// - `invite`: `nmti://invite?pack=workplace&from=PRED&nickname=小王` asks a
///   friend to take the quiz.
/// - `reply`: `nmti://reply?pack=…&from=<invitee>&to=<inviter>&nickname=…` is
///   printed on an invited result's poster, so that the inviter's app can open
///   the comparison from the shared image alone.
public enum NMTILink: Sendable, Hashable {
    /// An invitation from the person whose result this is.
    case invite(pack: QuizPack, from: PersonalityCode, nickname: String?)
    /// An invitee's answer to an invitation.
    case reply(pack: QuizPack, from: PersonalityCode, to: PersonalityCode, nickname: String?)

    /// The link's scheme.
    public static let scheme = "nmti"

    /// The most characters of a nickname a poster's link carries: the nickname is a
    /// greeting, and a long one would make the QR code too dense to scan from a photo.
    public static let maximumNicknameLength = 24

    /// The pack the link is about.
    public var pack: QuizPack {
        switch self {
        case .invite(let pack, _, _), .reply(let pack, _, _, _): pack
        }
    }

    /// The link as a URL string; query values are percent-encoded UTF-8.
    public var url: String {
        var query: [(String, String)] = [("pack", pack.rawValue)]
        let host: String
        switch self {
        case .invite(_, let from, let nickname):
            host = "invite"
            query.append(("from", from.rawValue))
            if let nickname { query.append(("nickname", nickname)) }
        case .reply(_, let from, let to, let nickname):
            host = "reply"
            query.append(("from", from.rawValue))
            query.append(("to", to.rawValue))
            if let nickname { query.append(("nickname", nickname)) }
        }
        let encoded = query.map { "\($0.0)=\(PercentEncoding.encode($0.1))" }
        return "\(Self.scheme)://\(host)?" + encoded.joined(separator: "&")
    }
}

/// Why a link could not be parsed.
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the link has.
    public enum Reason: Sendable, Hashable {
        /// The link does not start with `nmti://`.
        case notNMTIScheme
        /// The link's kind (its host, such as `result` or `invite`) is not one NMTI uses.
        case unknownKind(String)
        /// The query string cannot be split into `name=value` pairs.
        case malformedQuery(String)
        /// A parameter the link's kind requires is absent.
        case missingParameter(String)
        /// A parameter appears more than once.
        case duplicateParameter(String)
        /// A value has an invalid `%XX` escape or is not UTF-8 once decoded.
        case badPercentEncoding(String)
        /// A parameter that names a personality holds no known code.
        case unknownCode(parameter: String, value: String)
        /// The pack parameter is not `workplace` or `student`.
        case unknownPack(String)
    }

    /// The problem.
    public let reason: Reason
    /// The link that was rejected.
    public let link: String

    public var description: String {
        let detail: String
        switch reason {
        case .notNMTIScheme: detail = "not an nmti:// link"
        case .unknownKind(let kind): detail = "unknown link kind '\(kind)'; expected invite or reply"
        case .malformedQuery(let part): detail = "malformed query item '\(part)'"
        case .missingParameter(let name): detail = "missing parameter '\(name)'"
        case .duplicateParameter(let name): detail = "parameter '\(name)' appears more than once"
        case .badPercentEncoding(let name): detail = "parameter '\(name)' is not valid percent-encoded UTF-8"
        case .unknownCode(let name, let value): detail = "parameter '\(name)': '\(value)' is not a personality code or alias"
        case .unknownPack(let value): detail = "unknown pack '\(value)'; expected workplace or student"
        }
        return "\(link): \(detail)"
    }
}
