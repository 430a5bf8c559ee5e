extension Pairing {
    /// A number that depends on both codes but not on their order, so that swapping
    /// the two people keeps the clauses and only swaps the names: the rank of the
    /// unordered pair among those that share the same dimensions, in code order.
    /// Consecutive pairs of one label thus take turns through its clause choices,
    /// which spreads the lines (169 of the at most 176 a pack's structure allows).
    static func seed(_ one: PersonalityCode, _ other: PersonalityCode) -> Int {
        let a = PersonalityCode.all.firstIndex(of: one) ?? 0
        let b = PersonalityCode.all.firstIndex(of: other) ?? 0
        return ranks[min(a, b) * 16 + max(a, b)]
    }

    /// `seed` for every unordered pair of code indices (`low * 16 + high`).
    private static let ranks: [Int] = {
        let codes = PersonalityCode.all
        func shared(_ a: Int, _ b: Int) -> [Bool] {
            Dimension.allCases.map { codes[a].pole(on: $0) == codes[b].pole(on: $0) }
        }
        var ranks = [Int](repeating: 0, count: codes.count * codes.count)
        var counts: [[Bool]: Int] = [:]
        for low in codes.indices {
            for high in low..<codes.count {
                let key = shared(low, high)
                ranks[low * codes.count + high] = counts[key, default: 0]
                counts[key, default: 0] += 1
            }
        }
        return ranks
    }()

    /// The claims of the two clauses (each needing the invitee's code to pick a
    /// shared pole): which dimensions the line talks about.
    ///
    /// - mirror: two shared poles; complement: a shared pole and the one split;
    ///   rivals: the one shared pole and a split; opposites: a split and an unnamed split.
    /// - mixed: a shared pole and a split chosen so that no two mixed labels can
    ///   produce the same pair of clauses (each of the 12 ordered (shared, split)
    ///   dimension pairs belongs to exactly one label).
    static func claims(matching: [Dimension], relation: PairRelation, seed: Int)
        -> [(PersonalityCode) -> PairClause.Claim] {
        let opposing = Dimension.allCases.filter { !matching.contains($0) }
        func shared(_ dimension: Dimension) -> (PersonalityCode) -> PairClause.Claim {
            { code in .shared(code.pole(on: dimension)) }
        }
        func split(_ dimension: Dimension) -> (PersonalityCode) -> PairClause.Claim { { _ in .split(dimension) } }
        switch relation {
        case .mirror:
            let first = seed % 4, second = (first + 1 + (seed / 4) % 3) % 4
            return [shared(Dimension.allCases[first]), shared(Dimension.allCases[second])]
        case .complement:
            return [shared(matching[seed % 3]), split(opposing[0])]
        case .mixed:
            let (kept, clashing) = mixedFocus(matching)[seed % 2]
            return [shared(kept), split(clashing)]
        case .rivals:
            return [shared(matching[0]), split(opposing[seed % 3])]
        case .opposites:
            let first = seed % 4, second = (first + 1 + (seed / 4) % 3) % 4
            let unnamed = Dimension.allCases[second]
            return [split(Dimension.allCases[first]), { _ in .splitUnnamed(unnamed) }]
        }
    }

    /// The two (shared, split) dimension pairs a mixed label's lines may use.
    static func mixedFocus(_ matching: [Dimension]) -> [(Dimension, Dimension)] {
        switch (matching[0], matching[1]) {
        case (.c, .s): [(.c, .e), (.s, .a)]
        case (.c, .e): [(.c, .a), (.e, .s)]
        case (.c, .a): [(.c, .s), (.a, .e)]
        case (.s, .e): [(.s, .c), (.e, .a)]
        case (.s, .a): [(.s, .e), (.a, .c)]
        default: [(.e, .c), (.a, .s)]
        }
    }
}
