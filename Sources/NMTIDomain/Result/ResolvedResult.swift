/// A result with everything the domain knows about it: personality, pack copy,
/// the link its poster carries and, for invited results, the inviter and pairing.
public struct ResolvedResult: Sendable, Hashable {
    /// The result as decoded.
    public let result: QuizResult
    /// The personality the scores resolve to.
    public let personality: Personality
    /// The personality's copy for the result's pack.
    public let copy: PersonalityCopy
    /// The inviter's personality, for invited results.
    public let inviter: Personality?
    /// How this result's type and the inviter's get along, for invited results.
    public let pairing: Pairing?
    /// The link the poster carries: a reply for invited results, else an invite.
    public let link: NMTILink
    /// For invited results, the inviter's own invite, which a pairing poster's QR
    /// code carries so that a third person can join; nil otherwise.
    public let inviterInvite: NMTILink?

    /// Resolves a result through the catalogue.
    public init(_ result: QuizResult) {
        let personality = Personality.of(result.code)
        let inviter = result.fromCode.map(Personality.of)
        self.result = result
        self.personality = personality
        self.inviter = inviter
        copy = personality.copy(for: result.pack)
        pairing = inviter.map { personality.pairing(with: $0, pack: result.pack) }
        link = NMTILink(carriedBy: result)
        inviterInvite = NMTILink.inviterInvite(of: result)
    }

    /// The result's pack.
    public var pack: QuizPack { result.pack }
    /// The quiz taker's nickname, if any.
    public var nickname: String? { result.nickname }
    /// The two nicknames as a pairing line names them (as drawn: `shownNickname`).
    public var pairNames: PairNames {
        PairNames(invitee: result.nickname.map(QuizResult.shownNickname),
                  inviter: result.fromNickname.map(QuizResult.shownNickname))
    }
    /// The pairing line with both people named (`Pairing.line(_:)`), for invited results.
    public var pairingLine: String? { pairing?.line(pairNames) }
    /// Whether the quiz was taken from an invite.
    public var isInvited: Bool { result.isInvited }

    /// The chart reading of each dimension, in the order C, S, E, A.
    public var dimensionReadings: [DimensionReading] {
        Dimension.allCases.map { DimensionReading(dimension: $0, score: result.scores[$0]) }
    }
}

/// One dimension of a result as a chart shows it.
public struct DimensionReading: Sendable, Hashable {
    /// The dimension.
    public let dimension: Dimension
    /// The raw score, unclamped.
    public let score: Int

    /// Creates a reading of a raw score.
    public init(dimension: Dimension, score: Int) {
        self.dimension = dimension
        self.score = score
    }

    /// The pole the score resolves to.
    public var pole: Pole { dimension.pole(for: score) }
    /// The bar position, 0 (negative pole) ... 1 (positive pole); see `DimensionScale`.
    public var position: Double { DimensionScale.position(for: score) }
    /// The lean toward the resolved pole, 0...100.
    public var percent: Int { DimensionScale.percent(for: score) }
    /// Whether the score is 0: the code still takes the positive pole, but the
    /// person leans neither way, so charts say `DimensionScale.balancedName`.
    public var isBalanced: Bool { score == 0 }
    /// The lean as charts caption it: the pole and percent, such as `卷王42%`, or
    /// `五五开` for a score of 0 (never `卷王0%`).
    public var lean: String { isBalanced ? DimensionScale.balancedName : "\(pole.name)\(percent)%" }
}
