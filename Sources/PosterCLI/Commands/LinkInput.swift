import NMTIDomain
import PosterKit
import PosterLinks

/// A result given as a link (`render <link>`, `resolve <link>`): an `nmti://`
/// or `https://` invite or reply, checked against the link keys.
struct LinkInput {
    /// The link as read, before judging its signature.
    let parsed: ParsedLink
    /// The link as judged: nicknames are kept only when its signature verifies.
    let checked: CheckedLink
    /// How its signature fared: `verified`, `unsigned` or `not-verified`.
    let signature: String
    /// Whether a signer was given to check it with.
    let hasSigner: Bool

    /// Whether a command-line argument is a link rather than a file path.
    static func isLink(_ argument: String) -> Bool {
        let lowered = argument.prefix(8).lowercased()
        return lowered.hasPrefix("nmti://") || lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    /// Parses and checks a link; a bad link fails with 65 and the parser's reason.
    init(_ argument: String, signer: LinkSigner?) throws(CommandFailure) {
        do throws(LinkError) {
            parsed = try ParsedLink(parsing: argument)
        } catch {
            throw CommandFailure(.invalidLink, error.description, cause: error)
        }
        checked = CheckedLink(parsed, signer: signer)
        hasSigner = signer != nil
        signature = checked.isVerified ? "verified" : parsed.signature == nil ? "unsigned" : "not-verified"
    }

    /// The form the link was given in: `nmti`, `web` (the long web form) or `compact`.
    var formName: String {
        switch parsed.form {
        case .scheme: "nmti"
        case .web: "web"
        case .compact: "compact"
        }
    }

    /// The link as given, written in its long form for people (a compact link in the
    /// long web form under its own base) with its own signature, which still verifies:
    /// the long form accepts a compact link's 80-bit tag.
    var longText: String { parsed.link.url(form: parsed.form.longForm, signature: parsed.signature) }

    /// The result the link stands for: a reply is the invitee's invited result.
    var result: QuizResult { checked.link.result }

    /// Whether the link is a reply, which renders the pairing poster.
    var isReply: Bool {
        if case .reply = checked.link { return true }
        return false
    }

    /// The note a command prints when nicknames were left out, or nil.
    var note: String? {
        guard checked.removedNicknames else { return nil }
        let why = signature == "unsigned" ? "is not signed"
            : hasSigner ? "has a signature that does not verify" : "cannot be verified without --link-key-file"
        return "note: the link \(why), so its nicknames are left out"
    }

    /// The theme a link renders with unless `--theme` says otherwise: `pair` for a
    /// reply, the default theme for an invite.
    var defaultTheme: String { isReply ? "pair" : ThemeStore.defaultThemeName }
}
