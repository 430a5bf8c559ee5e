extension LinkError {
    /// The parameter at fault, when it is one the link format defines (`v`, `nickname`,
    /// `sig`, …); nil for any other name, which is the link author's text, and for
    /// problems of the link as a whole.
    public var parameter: String? {
        switch reason {
        case .missingParameter(let name), .nicknameTooLong(let name), .unknownCode(let name, _), .badScores(let name, _),
             .scoresDisagree(let name, _, _), .controlCharacter(let name, _):
            name
        case .duplicateParameter(let name), .badPercentEncoding(let name):
            ParameterNames.all.contains(name) ? name : nil
        case .unknownPack: isSchemeForm ? ParameterNames.scheme.pack : ParameterNames.web.pack
        case .notALink, .tooLong, .badBase, .unknownKind, .malformedQuery, .badCompactPayload: nil
        }
    }

    /// What is wrong, naming the parameter (`parameter`) but quoting nothing from the
    /// link: no value, no name the format does not define, not the link itself. For
    /// pages shown to others than the link's author, such as the service's error pages,
    /// where a quoted text would be a stranger's words under the product's name.
    public var descriptionWithoutInput: String {
        let named = parameter.map { "parameter '\($0)'" }
        switch reason {
        case .notALink: return "not an nmti:// or https:// link"
        case .tooLong(let bytes): return "the link is \(bytes) bytes; the limit is \(NMTILink.maximumLength)"
        case .badBase: return "the link base is not a valid https:// base"
        case .unknownKind: return "unknown link kind; expected invite or reply (i or r on the web)"
        case .malformedQuery(let item):
            return item.isEmpty ? "empty query item (a stray '&')" : "a query item has no name or no '=value'"
        case .missingParameter: return "missing \(named ?? "parameter")"
        case .duplicateParameter: return "\(named ?? "a parameter") appears more than once"
        case .badPercentEncoding: return "\(named ?? "a query item") is not valid percent-encoded UTF-8"
        case .unknownCode: return "\(named ?? "a parameter") is not a personality code or alias"
        case .badScores: return "\(named ?? "a parameter") is not four integers joined by '.', such as 6.-3.2.-5"
        case .unknownPack: return "\(named ?? "the pack parameter") names an unknown pack; expected workplace or student (w or s on the web)"
        case .scoresDisagree, .nicknameTooLong, .controlCharacter, .badCompactPayload:
            return detail  // codes the engine normalised, limits and code points: nothing quoted
        }
    }

    private var isSchemeForm: Bool { link.lowercased().hasPrefix("\(NMTILink.scheme):") }
}
