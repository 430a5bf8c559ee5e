/// Who a pairing line is about, as the line names them.
///
/// A pair poster is seen by the inviter, by the invitee and by anyone they share it
/// with, so its line speaks of both people in the third person and never says 你:
/// a person with a nickname is `@nickname` and a no-break space (U+00A0), which ends
/// the mention without letting a line break there (long ones cut to `maximumLength`
/// characters and `…`), one without is `TA` when the other has a name, and when
/// neither has one the line contrasts them as `一个…，一个…`.
public struct PairNames: Sendable, Hashable {
    /// The invitee's nickname, nil or empty when none.
    public let invitee: String?
    /// The inviter's nickname, nil or empty when none.
    public let inviter: String?

    /// The longest nickname, in characters, a line prints whole.
    public static let maximumLength = 8
    /// The most Unicode scalars a line prints of one nickname (a character may
    /// hold many), so that a line's length in bytes is bounded whatever is typed.
    public static let maximumScalars = 16
    /// The most UTF-8 bytes one name takes in a line: `@`, the kept scalars, `…`
    /// and the no-break space.
    public static let maximumNameUTF8Count = 1 + 4 * maximumScalars + 3 + 2

    /// Names two people by their nicknames, nil or empty for none.
    public init(invitee: String?, inviter: String?) {
        self.invitee = invitee.flatMap { $0.isEmpty ? nil : $0 }
        self.inviter = inviter.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Both unnamed.
    public static let anonymous = PairNames(invitee: nil, inviter: nil)

    /// How the line names the invitee.
    var inviteeName: String { name(invitee, other: inviter) }
    /// How the line names the inviter.
    var inviterName: String { name(inviter, other: invitee) }

    private func name(_ nickname: String?, other: String?) -> String {
        guard let nickname else { return other == nil ? "一个" : "TA" }
        var shown = nickname
        if nickname.count > Self.maximumLength || nickname.unicodeScalars.count > Self.maximumScalars {
            shown = ""
            var scalars = 0
            for character in nickname {
                scalars += character.unicodeScalars.count
                guard shown.count < Self.maximumLength - 1, scalars <= Self.maximumScalars else { break }
                shown.append(character)
            }
            shown += "…"
        }
        // A space ends the mention, as in a chat ("@老板 卷到半夜", not "@老板卷到半夜"); a
        // no-break one, so that a line never breaks between a name and what they do.
        return "@\(shown)\u{00A0}"
    }
}
