import Foundation
import NMTIDomain

/// The JSON that `nmti-poster resolve` prints: a result with everything the
/// domain derives from it. Decodable too, so tests and scripts can read it back.
public struct ResolvedDocument: Codable, Sendable, Hashable {
    /// A personality's pack copy.
    public struct Copy: Codable, Sendable, Hashable {
        public var slogan: String
        public var tagline: String
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
        public var code: String
        public var alias: String
        public var title: String
        public var emoji: String
        public var nickname: String?
    }

    /// How the invitee and inviter get along.
    public struct PairingEntry: Codable, Sendable, Hashable {
        public var label: String
        public var line: String
    }

    public var code: String
    public var alias: String
    public var title: String
    public var emoji: String
    public var pack: String
    public var packName: String
    public var copy: Copy
    public var scores: DimensionScores
    public var dimensions: [DimensionEntry]
    public var nickname: String?
    public var invited: Bool
    public var link: String
    public var inviter: Inviter?
    public var pairing: PairingEntry?
    public var id: String?
    public var date: String?

    /// Describes a resolved result.
    public init(_ resolved: ResolvedResult) {
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
        link = resolved.link.url
        inviter = resolved.inviter.map { inviter in
            Inviter(
                code: inviter.code.rawValue, alias: inviter.alias, title: inviter.title, emoji: inviter.emoji,
                nickname: resolved.result.fromNickname)
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
