import NMTIDomain
import PosterLinks

extension QRBoxLint {
    /// A link length a QR box is judged against: the reply and the invite of that
    /// length in both packs (so that a box shown only for some of them is judged
    /// too), and the module size they must get.
    struct Reference: Sendable {
        /// How reports name it: "typical" or "longest".
        let name: String
        /// The smallest module size, in device pixels, that passes.
        let minimumModulePixels: Int
        /// The links, each to be printed in the lint's link style; the student reply first.
        let links: [NMTILink]
    }

    /// The nicknames of the typical invited reply: seven and five characters, one with an emoji.
    static let typicalNicknames = (sender: "王小明同学呀🐶", inviter: "陈大壮学霸")

    /// A nickname at both limits: `maximumNicknameLength` four-byte emoji, which are
    /// also `maximumNicknameBytes` bytes, the most a link carries.
    static var longestNickname: String {
        String(repeating: "🐶", count: min(NMTILink.maximumNicknameLength, NMTILink.maximumNicknameBytes / 4))
    }

    /// The typical link: a signed student reply with two everyday nicknames and scores,
    /// which must get `QRPlacement.preferredModulePixels` modules.
    static var typical: Reference {
        Reference(name: "typical", minimumModulePixels: QRPlacement.preferredModulePixels,
                  links: links(scores: DimensionScores(c: 6, s: -3, e: 2, a: -5), inviterScores: DimensionScores(c: -4, s: 7, e: -1, a: 9),
                               nicknames: typicalNicknames))
    }

    /// The longest link the engine prints: a signed student reply, both nicknames at
    /// the limits, every score at ±12 (`DimensionScale.range`; the sender's negative, each a character longer in the long form); it must get 3 px modules.
    static var longest: Reference {
        let range = DimensionScale.range
        return Reference(name: "longest", minimumModulePixels: 3,
                         links: links(scores: DimensionScores(c: -range, s: -range, e: -range, a: -range),
                                      inviterScores: DimensionScores(c: -range, s: -range, e: -range, a: -range),
                                      nicknames: (longestNickname, longestNickname)))
    }

    /// The student reply of the reference.
    static func reply(of reference: Reference) -> NMTILink {
        reference.links[0]
    }

    /// The reply and the invite for each pack, student first. One code (the scores'
    /// own) keeps the lint to four layouts a reference: a theme's heaviest layouts
    /// take tens of milliseconds, and a box's size rarely depends on the code.
    private static func links(scores: DimensionScores, inviterScores: DimensionScores,
                              nicknames: (sender: String, inviter: String)) -> [NMTILink] {
        let inviter = LinkPerson(scores: inviterScores, nickname: nicknames.inviter)
        let sender = LinkPerson(scores: scores, nickname: nicknames.sender)
        return [QuizPack.student, .workplace].flatMap { pack in
            [NMTILink.reply(pack: pack, sender: sender, inviter: inviter), .invite(pack: pack, sender: sender)]
        }
    }

    /// The style the lint prints links in: what posters carry under `base` (or
    /// `referenceBase`), the compact form unless a value needs the long one, signed
    /// with a throwaway key (a signature's length is all that matters here).
    static func style(base: LinkBase?) -> LinkStyle {
        let signer = try? LinkSigner(keys: [Array("nmti-qr-box-lint-reference-key".utf8)])
        return LinkStyle(base: base ?? (try? LinkBase(referenceBase)), signer: signer)
    }

    /// How a report describes a link: "a signed student reply".
    static func describe(_ link: NMTILink) -> String {
        "a signed \(link.pack.rawValue) \(link.kindName)"
    }
}
