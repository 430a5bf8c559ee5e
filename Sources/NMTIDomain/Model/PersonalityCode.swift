/// A canonical four-letter personality code such as `PRED`: one pole letter per
/// dimension, in the order C, S, E, A.
public struct PersonalityCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The pole of each dimension, in the order C, S, E, A.
    public let poles: [Pole]

    /// Creates the code for a pole on each dimension.
    public init(c: Pole, s: Pole, e: Pole, a: Pole) {
        precondition(c.dimension == .c && s.dimension == .s && e.dimension == .e && a.dimension == .a)
        poles = [c, s, e, a]
    }

    /// Parses a canonical code (upper or lower case); returns nil for anything
    /// that is not four valid pole letters. Aliases are resolved by `Personality.find`.
    public init?(_ text: String) {
        let letters = Array(text.uppercased())
        guard letters.count == 4 else { return nil }
        var poles: [Pole] = []
        for (dimension, letter) in zip(Dimension.allCases, letters) {
            if dimension.positivePole.letter == letter {
                poles.append(dimension.positivePole)
            } else if dimension.negativePole.letter == letter {
                poles.append(dimension.negativePole)
            } else {
                return nil
            }
        }
        self.poles = poles
    }

    /// The pole this code has on one dimension.
    public func pole(on dimension: Dimension) -> Pole {
        poles[Dimension.allCases.firstIndex(of: dimension)!]
    }

    /// The four letters, such as "PRED".
    public var rawValue: String { String(poles.map(\.letter)) }

    public var description: String { rawValue }

    /// All 16 codes, in a stable order (C varies slowest, positive pole first).
    public static let all: [PersonalityCode] = {
        var codes: [PersonalityCode] = []
        for c in [true, false] {
            for s in [true, false] {
                for e in [true, false] {
                    for a in [true, false] {
                        codes.append(PersonalityCode(
                            c: Pole(dimension: .c, isPositive: c),
                            s: Pole(dimension: .s, isPositive: s),
                            e: Pole(dimension: .e, isPositive: e),
                            a: Pole(dimension: .a, isPositive: a)))
                    }
                }
            }
        }
        return codes
    }()

    public static func < (lhs: PersonalityCode, rhs: PersonalityCode) -> Bool {
        all.firstIndex(of: lhs)! < all.firstIndex(of: rhs)!
    }
}

/// Resolves the personality code of a set of scores: C >= 0 -> P else D;
/// S >= 0 -> R else O; E >= 0 -> E else O; A >= 0 -> D else M.
public func resolvePersonalityCode(from scores: DimensionScores) -> PersonalityCode {
    PersonalityCode(
        c: Dimension.c.pole(for: scores.c),
        s: Dimension.s.pole(for: scores.s),
        e: Dimension.e.pole(for: scores.e),
        a: Dimension.a.pole(for: scores.a))
}
