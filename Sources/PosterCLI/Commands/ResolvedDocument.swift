import Foundation
import NMTIDomain
import PosterKit
import PosterLinks

/// The JSON that `nmti-poster resolve` prints: a result with everything the
/// domain derives from it. Decodable too, so tests and scripts can read it back.
public struct ResolvedDocument: Codable, Sendable, Hashable {
    /// A personality's pack copy.
    public struct Copy: Codable, Sendable, Hashable {
        /// The one-line slogan under the title.
        public var slogan: String
        /// The short tagline.
        public var tagline: String
        /// The long description.
        public var fullDesc: String
    }

    /// One dimension as a chart shows it.
    public struct DimensionEntry: Codable, Sendable, Hashable {
        /// The dimension key: c, s, e or a.
        public var dimension: String
        /// The dimension's Chinese name.
        public var name: String
        /// The raw score, unclamped.
        public var score: Int
        /// The letter of the pole the score resolves to.
        public var pole: String
        /// The pole's Chinese name.
        public var poleName: String
        /// The bar position: 0 far negative pole, 0.5 middle, 1 far positive pole.
        public var position: Double
        /// The lean toward the resolved pole, 0...100.
        public var percent: Int
    }

    /// The personality of the friend whose invite led to this result.
    public struct Inviter: Codable, Sendable, Hashable {
        /// The inviter's canonical code, such as `PRED`.
        public var code: String
        /// The inviter's four-letter mnemonic, such as `WORK`.
        public var alias: String
        /// The inviter's personality title.
        public var title: String
        /// The inviter's personality emoji.
        public var emoji: String
        /// The inviter's nickname, when the invite carried one.
        public var nickname: String?
        /// The inviter's four scores, when the invite carried them.
        public var scores: DimensionScores?
    }

    /// How the invitee and inviter get along.
    public struct PairingEntry: Codable, Sendable, Hashable {
        /// A name for the dynamic, such as 灵魂搭子 or 相爱相杀.
        public var label: String
        /// One short sentence naming the other type and their most telling poles.
        public var line: String
    }

    /// The canonical code, such as `PRED`.
    public var code: String
    /// The personality's four-letter mnemonic, such as `WORK` (never a canonical code).
    public var alias: String
    /// The personality's title, such as 六边形悍匪.
    public var title: String
    /// The personality's emoji.
    public var emoji: String
    /// The copy pack: `workplace` or `student`.
    public var pack: String
    /// The pack's Chinese name.
    public var packName: String
    /// The personality's copy in this pack.
    public var copy: Copy
    /// The raw scores of the result.
    public var scores: DimensionScores
    /// The four dimensions as the chart shows them, in C, S, E, A order.
    public var dimensions: [DimensionEntry]
    /// The user's nickname, when the result has one.
    public var nickname: String?
    /// Whether the result came through a friend's invite.
    public var invited: Bool
    /// The result's share link, as the poster's QR code holds it.
    public var link: String
    /// For a link given as the result: `verified`, `unsigned` or `not-verified`.
    public var signature: String?
    /// The inviting friend's personality, for an invited result.
    public var inviter: Inviter?
    /// How the two get along, for an invited result.
    public var pairing: PairingEntry?
    /// The result's id, when the JSON has one.
    public var id: String?
    /// The result's date, when the JSON has one.
    public var date: String?

    /// Describes a resolved result, its link printed in `links`.
    public init(_ resolved: ResolvedResult, links: LinkStyle = .scheme) {
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
        link = links.text(for: resolved.link)
        inviter = resolved.inviter.map { inviter in
            Inviter(
                code: inviter.code.rawValue, alias: inviter.alias, title: inviter.title, emoji: inviter.emoji,
                nickname: resolved.result.fromNickname, scores: resolved.result.fromScores)
        }
        pairing = resolved.pairing.map { PairingEntry(label: $0.label, line: $0.line) }
        id = resolved.result.id
        date = resolved.result.date
    }

    /// Pretty, key-sorted UTF-8 JSON with unescaped slashes and a final newline.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
