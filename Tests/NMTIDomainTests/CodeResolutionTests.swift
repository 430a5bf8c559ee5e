import Testing
@testable import NMTIDomain

@Suite("Code resolution")
struct CodeResolutionTests {
    /// Scores and the code they must resolve to: ties at 0 go to the positive pole.
    static let table: [(DimensionScores, String)] = [
        (DimensionScores(c: 8, s: 4, e: 2, a: 10), "PRED"),
        (DimensionScores(c: 0, s: 0, e: 0, a: 0), "PRED"),
        (DimensionScores(c: -1, s: -1, e: -1, a: -1), "DOOM"),
        (DimensionScores(c: -12, s: -12, e: -12, a: -12), "DOOM"),
        (DimensionScores(c: -1, s: 0, e: 0, a: 0), "DRED"),
        (DimensionScores(c: 0, s: -1, e: 0, a: 0), "POED"),
        (DimensionScores(c: 0, s: 0, e: -1, a: 0), "PROD"),
        (DimensionScores(c: 0, s: 0, e: 0, a: -1), "PREM"),
        (DimensionScores(c: 30, s: -30, e: 0, a: -7), "POEM"),
        (DimensionScores(c: -3, s: 5, e: -9, a: 0), "DROD"),
        (DimensionScores(c: 5, s: -3, e: -8, a: -2), "POOM"),
        (DimensionScores(c: Int.max, s: Int.min, e: Int.min, a: Int.max), "POOD"),
        (DimensionScores(c: Int.min, s: Int.max, e: Int.max, a: Int.min), "DREM"),
    ]

    @Test(arguments: table)
    func resolvesTheTable(scores: DimensionScores, expected: String) {
        #expect(resolvePersonalityCode(from: scores).rawValue == expected)
    }

    @Test(arguments: Dimension.allCases)
    func zeroTiesGoToThePositivePole(dimension: Dimension) {
        #expect(dimension.pole(for: 0) == dimension.positivePole)
        #expect(dimension.pole(for: 1) == dimension.positivePole)
        #expect(dimension.pole(for: 31) == dimension.positivePole)
        #expect(dimension.pole(for: -1) == dimension.negativePole)
        #expect(dimension.pole(for: -30) == dimension.negativePole)
        #expect(dimension.pole(for: Int.min) == dimension.negativePole)
    }

    @Test(arguments: Dimension.allCases)
    func eachDimensionSetsItsOwnLetter(dimension: Dimension) {
        let letters: [Dimension: (String, String)] = [.c: ("P", "D"), .s: ("R", "O"), .e: ("E", "O"), .a: ("D", "M")]
        let index = Dimension.allCases.firstIndex(of: dimension)!
        for (score, positive) in [(0, true), (-1, false), (12, true), (-12, false)] {
            var scores = DimensionScores(c: 0, s: 0, e: 0, a: 0)
            switch dimension {
            case .c: scores.c = score
            case .s: scores.s = score
            case .e: scores.e = score
            case .a: scores.a = score
            }
            let code = Array(resolvePersonalityCode(from: scores).rawValue)
            let expected = positive ? letters[dimension]!.0 : letters[dimension]!.1
            #expect(String(code[index]) == expected, "\(dimension) \(score)")
        }
    }

    @Test func allSixteenCodesAreReachable() {
        var reached: Set<String> = []
        for c in [-1, 0, 1] {
            for s in [-1, 0, 1] {
                for e in [-1, 0, 1] {
                    for a in [-1, 0, 1] {
                        reached.insert(resolvePersonalityCode(from: DimensionScores(c: c, s: s, e: e, a: a)).rawValue)
                    }
                }
            }
        }
        #expect(reached == Set(PersonalityCode.all.map(\.rawValue)))
        #expect(reached.count == 16)
    }

    @Test(arguments: PersonalityCode.all)
    func everyCodeIsReachedFromItsOwnPoles(code: PersonalityCode) {
        let sign = { (dimension: Dimension) in code.pole(on: dimension).isPositive ? 5 : -5 }
        let scores = DimensionScores(c: sign(.c), s: sign(.s), e: sign(.e), a: sign(.a))
        #expect(resolvePersonalityCode(from: scores) == code)
    }

    @Test func codesParseInAnyCaseAndRoundTrip() {
        for code in PersonalityCode.all {
            #expect(PersonalityCode(code.rawValue) == code)
            #expect(PersonalityCode(code.rawValue.lowercased()) == code)
            #expect(code.description == code.rawValue)
        }
        for bad in ["", "PRE", "PREDD", "XRED", "PXED", "PRXD", "PREX", "WORK", "HEXA", "P RE"] {
            #expect(PersonalityCode(bad) == nil, "\(bad)")
        }
    }

    @Test func codesSortInCatalogueOrder() {
        #expect(PersonalityCode.all.sorted() == PersonalityCode.all)
        #expect(PersonalityCode.all.first?.rawValue == "PRED")
        #expect(PersonalityCode.all.last?.rawValue == "DOOM")
    }
}
