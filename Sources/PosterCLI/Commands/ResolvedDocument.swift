import Foundation
import NMTIDomain
import PosterKit
import PosterLinks

/// The JSON that `nmti-poster resolve` prints: a result with everything the
/// domain derives from it. Decodable too, so tests and scripts can read it back.
struct ResolvedDocument: Codable, Sendable, Hashable {
    /// A personality's pack copy.
    struct Copy: Codable, Sendable, Hashable {
        /// The one-line slogan under the title.
        var slogan: String
        /// The short tagline.
        var tagline: String
        /// The long description.
        var fullDesc: String
    }

    /// One dimension as a chart shows it.
    struct DimensionEntry: Codable, Sendable, Hashable {
        /// The dimension key: c, s, e or a.
        var dimension: String
        /// The dimension's Chinese name.
        var name: String
        /// The raw score, unclamped.
        var score: Int
        /// The letter of the pole the score resolves to.
        var pole: String
        /// The pole's Chinese name.
        var poleName: String
        /// The bar position: 0 far negative pole, 0.5 middle, 1 far positive pole.
        var position: Double
        /// The lean toward the resolved pole, 0...100.
        var percent: Int
    }

    /// The personality of the friend whose invite led to this result.
    struct Inviter: Codable, Sendable, Hashable {
        /// The inviter's canonical code, such as `PRED`.
        var code: String
        /// The inviter's four-letter mnemonic, such as `WORK`.
        var alias: String
        /// The inviter's personality title.
        var title: String
        /// The inviter's personality emoji.
        var emoji: String
        /// The inviter's nickname, when the invite carried one.
        var nickname: String?
        /// The inviter's four scores, when the invite carried them.
        var scores: DimensionScores?
    }

    /// How the invitee and inviter get along.
    struct PairingEntry: Codable, Sendable, Hashable {
        /// A name for the dynamic, such as 饭搭子 or 相爱相杀.
        var label: String
        /// The pair poster's sentence about the two, in the pack's language, naming both
        /// by nickname (or TA) as the poster does.
        var line: String
    }

    /// The canonical code, such as `PRED`.
    var code: String
    /// The personality's four-letter mnemonic, such as `WORK` (never a canonical code).
    var alias: String
    /// The personality's title, such as 六边形悍匪.
    var title: String
    /// The personality's emoji.
    var emoji: String
    /// The copy pack: `workplace` or `student`.
    var pack: String
    /// The pack's Chinese name.
    var packName: String
    /// The personality's copy in this pack.
    var copy: Copy
    /// The raw scores of the result.
    var scores: DimensionScores
    /// The four dimensions as the chart shows them, in C, S, E, A order.
    var dimensions: [DimensionEntry]
    /// The user's nickname, when the result has one.
    var nickname: String?
    /// Whether the result came through a friend's invite.
    var invited: Bool
    /// The result's share link for people: the long web form under the link base, or
    /// the `nmti://` link without one. The poster's QR code holds `compactLink` when there is one.
    var link: String
    /// The share link in the compact form, as the poster's QR code holds it: only with a
    /// link base, and only when the compact form can hold the link (scores within -16…15).
    var compactLink: String?
    /// For a link given as the result: `verified`, `unsigned` or `not-verified`.
    var signature: String?
    /// For a link given as the result: the form it was given in, `nmti`, `web` or `compact`.
    var givenForm: String?
    /// For a link given as the result: that link in its long form with its own signature
    /// (a compact link in the long web form under its own base, with its 80-bit tag).
    var givenLink: String?
    /// The inviting friend's personality, for an invited result.
    var inviter: Inviter?
    /// How the two get along, for an invited result.
    var pairing: PairingEntry?
    /// The result's id, when the JSON has one.
    var id: String?
    /// The result's date, when the JSON has one.
    var date: String?

    /// Describes a resolved result, its link printed in `links`.
    init(_ resolved: ResolvedResult, links: LinkStyle = .scheme) {
        let personality = resolved.personality
        code = personality.code.rawValue
        alias = personality.alias
        title = personality.title
        emoji = personality.emoji
        pack = resolved.pack.rawValue
        packName = resolved.pack.displayName
        copy = Copy(slogan: resolved.copy.slogan, tagline: resolved.copy.tagline, fullDesc: resolved.copy.fullDesc)
        scores = resolved.result.scores
        dimensions = resolved.dimensionReadings.map { reading in
            DimensionEntry(
                dimension: reading.dimension.rawValue, name: reading.dimension.name, score: reading.score,
                pole: String(reading.pole.letter), poleName: reading.pole.name,
                position: reading.position, percent: reading.percent)
        }
        nickname = resolved.nickname
        invited = resolved.isInvited
        link = links.longText(for: resolved.link)
        let printed = links.text(for: resolved.link)
        compactLink = printed == link ? nil : printed
        inviter = resolved.inviter.map { inviter in
            Inviter(
                code: inviter.code.rawValue, alias: inviter.alias, title: inviter.title, emoji: inviter.emoji,
                nickname: resolved.result.fromNickname, scores: resolved.result.fromScores)
        }
        pairing = resolved.pairing.map { PairingEntry(label: $0.label, line: resolved.pairingLine ?? "") }
        id = resolved.result.id
        date = resolved.result.date
    }

    /// Pretty, key-sorted UTF-8 JSON with unescaped slashes and a final newline.
    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
