import Testing
@testable import NMTIDomain

@Suite("Pairing")
struct PairingTests {
    private var allPairs: [(Personality, Personality)] {
        Personality.all.flatMap { mine in Personality.all.map { (mine, $0) } }
    }

    @Test func definedAndDeterministicForAll256Pairs() {
        let pairs = allPairs
        #expect(pairs.count == 256)
        for (mine, theirs) in pairs {
            let pairing = mine.pairing(with: theirs)
            #expect(pairing == mine.pairing(with: theirs))
            #expect(pairing.mine == mine)
            #expect(pairing.theirs == theirs)
            #expect((2...6).contains(pairing.label.count), "\(pairing.label)")
            #expect(!pairing.line.isEmpty)
            #expect(pairing.line.count <= 60, "\(pairing.line) has \(pairing.line.count)")
            #expect(pairing.line.contains(theirs.title), "\(pairing.line)")
        }
    }

    @Test func matchingAndOpposingPartitionTheDimensions() {
        for (mine, theirs) in allPairs {
            let pairing = mine.pairing(with: theirs)
            #expect(Set(pairing.matching).isDisjoint(with: pairing.opposing))
            #expect(Set(pairing.matching).union(pairing.opposing) == Set(Dimension.allCases))
            #expect(pairing.matching == Dimension.allCases.filter(pairing.matching.contains))
            #expect(pairing.opposing == Dimension.allCases.filter(pairing.opposing.contains))
            for dimension in pairing.matching {
                #expect(mine.code.pole(on: dimension) == theirs.code.pole(on: dimension))
            }
            for dimension in pairing.opposing {
                #expect(mine.code.pole(on: dimension) == theirs.code.pole(on: dimension).opposite)
            }
        }
    }

    @Test func oppositeTypesOpposeEverywhere() {
        let hexa = Personality.find("PRED")!
        let ghost = Personality.find("DOOM")!
        let pairing = hexa.pairing(with: ghost)
        #expect(pairing.opposing == Dimension.allCases)
        #expect(pairing.matching.isEmpty)
        #expect(pairing.line.hasPrefix("你和赛博隐形人："))
    }

    @Test func aTypeWithItselfMatchesEverywhere() {
        for personality in Personality.all {
            let pairing = personality.pairing(with: personality)
            #expect(pairing.matching == Dimension.allCases)
            #expect(pairing.opposing.isEmpty)
            #expect(pairing.line.hasPrefix("你和另一个\(personality.title)："))
        }
    }

    @Test func swappedPairsDifferButShareTheLabel() {
        for (mine, theirs) in allPairs where mine != theirs {
            let forward = mine.pairing(with: theirs)
            let backward = theirs.pairing(with: mine)
            #expect(forward.line != backward.line)
            #expect(forward.label == backward.label)
            #expect(forward.matching == backward.matching)
        }
    }

    @Test func labelsFollowTheMatchCount() {
        var labelsByCount: [Int: Set<String>] = [:]
        for (mine, theirs) in allPairs {
            let pairing = mine.pairing(with: theirs)
            labelsByCount[pairing.matching.count, default: []].insert(pairing.label)
        }
        #expect(labelsByCount[4] == ["照镜子"])
        #expect(labelsByCount[0] == ["宿命死对头"])
        #expect(labelsByCount[3]?.count == 4)
        #expect(labelsByCount[2]?.count == 6)
        #expect(labelsByCount[1]?.count == 4)
    }

    @Test func linesHaveNoPlaceholders() {
        for (mine, theirs) in allPairs {
            let text = mine.pairing(with: theirs).line.lowercased()
            for banned in ["todo", "示例", "lorem", "xxx", "\"", " "] {
                #expect(!text.contains(banned), "\(text)")
            }
        }
    }
}
