/// One clause of a pairing line, with what it claims about the two people as data,
/// so that tests can check every line against its label's relation.
public struct PairClause: Sendable, Hashable {
    /// What a clause says about one dimension.
    public enum Claim: Sendable, Hashable {
        /// Both land on this pole; the clause names neither person ("俩卷王 …").
        case shared(Pole)
        /// They land on opposite poles of this dimension; the clause names both,
        /// the person on the positive pole first ("@A 卷到半夜，@B 到点就溜").
        case split(Dimension)
        /// They land on opposite poles of this dimension; the clause names neither
        /// (the second clause of an `opposites` line, "连团建都凑不到一桌").
        case splitUnnamed(Dimension)

        /// The dimension the claim is about.
        public var dimension: Dimension {
            switch self {
            case .shared(let pole): pole.dimension
            case .split(let dimension), .splitUnnamed(let dimension): dimension
            }
        }

        /// Whether the claim says the two share the dimension's pole.
        public var isShared: Bool {
            if case .shared = self { true } else { false }
        }
    }

    /// What the clause claims.
    public let claim: Claim
    /// Its mood.
    public let tone: PairTone
    /// The pack whose language it speaks.
    public let pack: QuizPack
    /// The clause without names: for `split`, what the positive-pole person does;
    /// otherwise the whole clause.
    public let text: String
    /// For `split`, what the negative-pole person does; else empty.
    public let otherText: String

    init(_ claim: Claim, _ tone: PairTone, _ pack: QuizPack, _ text: String, _ otherText: String = "") {
        self.claim = claim
        self.tone = tone
        self.pack = pack
        self.text = text
        self.otherText = otherText
    }

    /// The clause with the two people named: `positive` is the name of whoever is
    /// on the dimension's positive pole (used only by `split` clauses).
    func rendered(positive: String, negative: String) -> String {
        if case .split = claim { "\(positive)\(text)，\(negative)\(otherText)" } else { text }
    }

    /// Every clause of both packs.
    public static let all: [PairClause] = workplace + student

    /// The clause of a pack, claim and tone.
    static func find(_ claim: Claim, _ tone: PairTone, _ pack: QuizPack) -> PairClause {
        guard let clause = index[Key(claim: claim, tone: tone, pack: pack)] else {
            preconditionFailure("no \(tone) clause for \(claim) in \(pack)")
        }
        return clause
    }

    private struct Key: Hashable {
        let claim: Claim
        let tone: PairTone
        let pack: QuizPack
    }

    private static let index: [Key: PairClause] = Dictionary(
        uniqueKeysWithValues: all.map { (Key(claim: $0.claim, tone: $0.tone, pack: $0.pack), $0) })
}
