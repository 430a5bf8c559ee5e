/// How two personalities get along (相处模式).
///
/// A pairing is read from the invitee's side: `mine` is the personality of this
/// result and `theirs` the personality of the friend who shared the quiz. It is
/// derived only from which poles the two codes share, so it is deterministic and
/// defined for all 256 ordered pairs, including a type paired with itself.
public struct Pairing: Sendable, Hashable {
    /// The invitee's personality (this result).
    public let mine: Personality
    /// The inviter's personality.
    public let theirs: Personality
    /// The dimensions on which both land on the same pole, in the order C, S, E, A.
    public let matching: [Dimension]
    /// The dimensions on which they land on opposite poles, in the order C, S, E, A.
    public let opposing: [Dimension]
    /// A two-to-six character name for the dynamic, such as 灵魂搭子 or 相爱相杀.
    public let label: String
    /// One short sentence (at most 60 characters) naming the other type and the
    /// most telling pole combination between the two.
    public let line: String

    /// Derives the pairing of an invitee (`mine`) with an inviter (`theirs`).
    init(mine: Personality, theirs: Personality) {
        self.mine = mine
        self.theirs = theirs
        let agrees = { (dimension: Dimension) in
            mine.code.pole(on: dimension) == theirs.code.pole(on: dimension)
        }
        matching = Dimension.allCases.filter(agrees)
        opposing = Dimension.allCases.filter { !agrees($0) }
        label = Pairing.label(matching: matching, opposing: opposing)

        let focus = Pairing.focus(mine: mine.code, theirs: theirs.code, opposing: opposing)
        let phrase = Pairing.phrase(
            on: focus,
            mine: mine.code.pole(on: focus).isPositive,
            theirs: theirs.code.pole(on: focus).isPositive)
        let other = mine.code == theirs.code ? "另一个\(theirs.title)" : theirs.title
        line = "你和\(other)：\(phrase)"
    }

    /// The most telling dimension of a pair: starting from a point that depends
    /// on both codes (the same for either order), the first opposing dimension,
    /// or the first dimension at all when none oppose.
    static func focus(
        mine: PersonalityCode, theirs: PersonalityCode, opposing: [Dimension]
    ) -> Dimension {
        let dimensions = Dimension.allCases
        let mineIndex = PersonalityCode.all.firstIndex(of: mine) ?? 0
        let theirsIndex = PersonalityCode.all.firstIndex(of: theirs) ?? 0
        let seed = mineIndex == theirsIndex ? mineIndex : mineIndex + theirsIndex
        let start = seed % dimensions.count
        let rotated = Array(dimensions[start...]) + Array(dimensions[..<start])
        return rotated.first(where: opposing.contains) ?? rotated[0]
    }
}

extension Personality {
    /// How this personality (the invitee) gets along with `other` (the inviter).
    ///
    /// Deterministic for every ordered pair; swapping the two flips the
    /// perspective of `line` whenever any pole differs.
    public func pairing(with other: Personality) -> Pairing {
        Pairing(mine: self, theirs: other)
    }
}
