import FuzzDriver
import NMTIDomain

/// A parsed link prints back in both forms (and in its own web form, under its own
/// base) and re-parses to the same value, form and signature; printing that again
/// gives the same text.
enum LinkRoundTrip {
    /// A web base other than any seed's, so the web form is printed under a base the input did not name.
    static let base = required("link base") { try LinkBase("https://nmti.example/share/") }

    /// A refusal names the whole input and a reason.
    static func checkRefusal(_ error: LinkError, of text: String) {
        precondition(error.link == text, "a LinkError that names another link: \(error.link.debugDescription)")
        let description = error.description
        precondition(description.contains(": ") && !description.hasSuffix(": "), "a LinkError without a reason: \(description)")
    }

    /// The forms a parsed link is printed in: the app scheme, the web form under
    /// `base`, and the web form under the link's own base if it had one.
    static func forms(of parsed: ParsedLink) -> [LinkForm] {
        var forms: [LinkForm] = [.scheme, .web(base)]
        if case .web(let own) = parsed.form, own != base { forms.append(parsed.form) }
        return forms
    }

    static func check(_ parsed: ParsedLink, text: String) {
        for form in forms(of: parsed) {
            for signature in Set([parsed.signature, nil]) {
                let printed = parsed.link.url(form: form, signature: signature)
                let reparsed: ParsedLink
                do throws(LinkError) {
                    reparsed = try ParsedLink(parsing: printed)
                } catch {
                    // Only a signature the engine did not make (any text) can push a link printed
                    // in the longer form past the length limit; a link's own fields cannot.
                    if case .tooLong = error.reason, signature != nil, printed.utf8.count > NMTILink.maximumLength { continue }
                    preconditionFailure("a parsed link does not re-parse once printed: \(error)\ninput: \(text.debugDescription)")
                }
                precondition(reparsed.link == parsed.link, "printing changed the link: \(printed.debugDescription)\ninput: \(text.debugDescription)")
                precondition(reparsed.signature == signature, "printing changed the signature: \(printed.debugDescription)")
                precondition(reparsed.form == form, "printing changed the form: \(printed.debugDescription)")
                precondition(reparsed.link.canonicalText == parsed.link.canonicalText, "printing changed the canonical text")
                precondition(reparsed.link.url(form: form, signature: signature) == printed, "printing is not a fixed point: \(printed.debugDescription)")
            }
        }
    }
}
