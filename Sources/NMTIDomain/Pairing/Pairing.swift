/// How two personalities get along (相处模式), in one pack's language.
///
/// A pairing is of an invited result: the `invitee` took the quiz from the
/// `inviter`'s link. It is derived from which poles the two codes share and from
/// the pack, so it is deterministic for all 512 ordered pairs of the two packs,
/// a type paired with itself included. The `label` names the `relation`; the line
/// is two `clauses` whose claims and tones agree with it, rendered with the two
/// people's names (`line(_:)`), always in the third person.
public struct Pairing: Sendable, Hashable {
    /// The invitee's personality (the invited result).
    public let invitee: Personality
    /// The inviter's personality.
    public let inviter: Personality
    /// The pack whose language the line speaks.
    public let pack: QuizPack
    /// The dimensions on which both land on the same pole, in the order C, S, E, A.
    public let matching: [Dimension]
    /// The dimensions on which they land on opposite poles, in the order C, S, E, A.
    public let opposing: [Dimension]
    /// What the label says about the two, which the clauses agree with.
    public let relation: PairRelation
    /// A three-to-five character name for the dynamic, such as 饭搭子 or 相爱相杀;
    /// one per set of shared dimensions, the same in both packs.
    public let label: String
    /// The two clauses of the line, in order.
    public let clauses: [PairClause]

    /// Derives the pairing of an invitee with an inviter, told in a pack's language.
    init(invitee: Personality, inviter: Personality, pack: QuizPack) {
        self.invitee = invitee
        self.inviter = inviter
        self.pack = pack
        let agrees = { (dimension: Dimension) in
            invitee.code.pole(on: dimension) == inviter.code.pole(on: dimension)
        }
        matching = Dimension.allCases.filter(agrees)
        opposing = Dimension.allCases.filter { !agrees($0) }
        let relation = PairRelation(matchCount: matching.count)
        self.relation = relation
        label = Pairing.label(matching: matching)
        let claims = Pairing.claims(matching: matching, relation: relation, seed: Pairing.seed(invitee.code, inviter.code))
        clauses = zip(claims, relation.tones).map { claim, tone in
            PairClause.find(claim(invitee.code), tone, pack)
        }
    }

    /// The longest a line may be, in characters, with both people named `TA`.
    public static let maximumLineLength = 40

    /// The most UTF-8 bytes any line takes, whatever the nicknames (each name is
    /// bounded by `PairNames.maximumNameUTF8Count`, and a line names each person once).
    public static let maximumLineUTF8Count: Int = {
        let names = PairNames(invitee: "x", inviter: "y")
        let named = "@x\u{00A0}".utf8.count
        let longest = QuizPack.allCases.flatMap { pack in
            Personality.all.flatMap { one in Personality.all.map { one.pairing(with: $0, pack: pack).line(names).utf8.count } }
        }.max() ?? 0
        return longest - 2 * named + 2 * PairNames.maximumNameUTF8Count
    }()

    /// The line, naming the two people as `names` says (never 你): the two clauses
    /// joined by `；`, ended by `。`. Swapping the people swaps who does what.
    public func line(_ names: PairNames) -> String {
        let texts = clauses.map { clause -> String in
            let dimension = clause.claim.dimension
            let inviteeIsPositive = invitee.code.pole(on: dimension).isPositive
            let (first, second) = (names.inviteeName, names.inviterName)
            return inviteeIsPositive
                ? clause.rendered(positive: first, negative: second)
                : clause.rendered(positive: second, negative: first)
        }
        // Names only ever start a half-clause, so a mention's space is always followed by text.
        return texts.joined(separator: "；") + "。"
    }
}

extension Personality {
    /// How this personality (the invitee) gets along with `inviter`, in `pack`'s language.
    public func pairing(with inviter: Personality, pack: QuizPack) -> Pairing {
        Pairing(invitee: self, inviter: inviter, pack: pack)
    }

    /// The workplace pairing; kept for source compatibility.
    @available(*, deprecated, message: "the line depends on the pack: use pairing(with:pack:)")
    public func pairing(with inviter: Personality) -> Pairing {
        pairing(with: inviter, pack: .workplace)
    }
}
