import Testing
@testable import NMTIDomain

/// The pairing model over all 512 ordered pairs (16 x 16 types x 2 packs).
@Suite("Pairing")
struct PairingTests {
    static let pairings: [Pairing] = QuizPack.allCases.flatMap { pack in
        Personality.all.flatMap { invitee in Personality.all.map { invitee.pairing(with: $0, pack: pack) } }
    }
    static let named = PairNames(invitee: "阿May", inviter: "老板")

    @Test func definedAndDeterministicForAll512Pairs() {
        #expect(Self.pairings.count == 512)
        #expect(Set(Self.pairings).count == 512)
        for pairing in Self.pairings {
            #expect(pairing == pairing.invitee.pairing(with: pairing.inviter, pack: pairing.pack))
            #expect((3...5).contains(pairing.label.count), "\(pairing.label)")
            #expect(pairing.clauses.count == 2)
            #expect(pairing.clauses.allSatisfy { $0.pack == pairing.pack })
        }
    }

    @Test func everyLineFitsTheLimitAndNeverSaysYou() {
        for pairing in Self.pairings {
            for names in [PairNames.anonymous, PairNames(invitee: "甲", inviter: nil), Self.named] {
                let line = pairing.line(names)
                #expect(!line.contains("你"), "\(line)")
                #expect(line.hasSuffix("。") && !line.contains("\u{00A0}，") && !line.contains("\u{00A0}。") && !line.contains(" "), "\(line)")
                for banned in ["todo", "示例", "lorem", "xxx", "\"", "{", "}"] {
                    #expect(!line.lowercased().contains(banned), "\(line)")
                }
            }
            // 一个 and TA are two characters each: this is the length with both named TA.
            let line = pairing.line(.anonymous)
            #expect(line.count <= Pairing.maximumLineLength, "\(line) has \(line.count)")
        }
    }

    @Test func matchingAndOpposingPartitionTheDimensions() {
        for pairing in Self.pairings {
            let (a, b) = (pairing.invitee.code, pairing.inviter.code)
            #expect(pairing.matching == Dimension.allCases.filter { a.pole(on: $0) == b.pole(on: $0) })
            #expect(pairing.opposing == Dimension.allCases.filter { a.pole(on: $0) != b.pole(on: $0) })
        }
    }

    /// The relation is data: each claim of a line is true of the two codes and fits
    /// the label's relation (a rivals label never gets a line about getting along).
    @Test func noLineContradictsItsLabel() {
        var relationOfLabel: [String: PairRelation] = [:]
        for pairing in Self.pairings {
            #expect(pairing.relation == PairRelation(matchCount: pairing.matching.count))
            #expect(relationOfLabel[pairing.label, default: pairing.relation] == pairing.relation, "\(pairing.label)")
            relationOfLabel[pairing.label] = pairing.relation
            #expect(pairing.relation.allows(pairing.clauses.map(\.tone)), "\(pairing.label): \(pairing.line(.anonymous))")
            for clause in pairing.clauses {
                switch clause.claim {
                case .shared(let pole):
                    #expect(pairing.invitee.code.pole(on: pole.dimension) == pole)
                    #expect(pairing.inviter.code.pole(on: pole.dimension) == pole)
                case .split(let dimension), .splitUnnamed(let dimension):
                    #expect(pairing.opposing.contains(dimension), "\(pairing.label): \(clause.text)")
                }
            }
        }
        #expect(relationOfLabel.count == 16)
        #expect(!PairRelation.rivals.allows([.sweet, .salty]) && !PairRelation.opposites.allows([.sweet, .sweet]))
        #expect(!PairRelation.mirror.allows([.salty, .sweet]) && PairRelation.mixed.allows([.salty, .sweet]))
    }

    @Test func noTwoLabelsShareALine() {
        var labelOfLine: [String: String] = [:]
        for pairing in Self.pairings {
            for names in [PairNames.anonymous, Self.named] {
                let line = pairing.line(names)
                #expect(labelOfLine[line, default: pairing.label] == pairing.label, "\(line)")
                labelOfLine[line] = pairing.label
            }
        }
    }

    @Test func linesSpeakThePacksLanguage() {
        let workplace = Set(PairClause.all.filter { $0.pack == .workplace }.map { $0.text + $0.otherText })
        let student = Set(PairClause.all.filter { $0.pack == .student }.map { $0.text + $0.otherText })
        #expect(workplace.count == 28 && student.count == 28 && workplace.isDisjoint(with: student))
        for pairing in Self.pairings where pairing.pack == .workplace {
            let other = pairing.invitee.pairing(with: pairing.inviter, pack: .student)
            #expect(pairing.label == other.label)
            #expect(pairing.line(Self.named) != other.line(Self.named))
        }
        // Every clause is used, so none is dead copy.
        #expect(Set(Self.pairings.flatMap(\.clauses)) == Set(PairClause.all))
    }

    @Test func linesDifferAcrossPairsEnoughToNotice() {
        for pack in QuizPack.allCases {
            let lines = Set(Self.pairings.filter { $0.pack == pack }.map { $0.line(Self.named) })
            #expect(lines.count >= 160, "\(pack): \(lines.count) distinct lines")
        }
        let labels = Set(Self.pairings.map(\.label))
        #expect(labels.count == 16)
    }

    /// Swapping the two people keeps the label and the clauses and swaps who does what.
    @Test func swappingThePeopleSwapsTheirParts() {
        for pairing in Self.pairings {
            let swapped = pairing.inviter.pairing(with: pairing.invitee, pack: pairing.pack)
            #expect(swapped.label == pairing.label && swapped.matching == pairing.matching)
            #expect(swapped.clauses.map(\.text) == pairing.clauses.map(\.text))
            #expect(swapped.line(PairNames(invitee: "老板", inviter: "阿May")) == pairing.line(Self.named))
            for clause in pairing.clauses {
                guard case .split(let dimension) = clause.claim else { continue }
                let inviteeLeads = pairing.invitee.code.pole(on: dimension).isPositive
                let (positive, negative) = inviteeLeads ? ("@阿May\u{00A0}", "@老板\u{00A0}") : ("@老板\u{00A0}", "@阿May\u{00A0}")
                #expect(pairing.line(Self.named).contains("\(positive)\(clause.text)，\(negative)\(clause.otherText)"))
            }
        }
    }

    @Test func peopleAreNamedByNicknameOrTA() throws {
        let invitee = Personality.find("DREM")!, inviter = Personality.find("PRED")!
        let pairing = invitee.pairing(with: inviter, pack: .workplace)
        #expect(pairing.label == "饭搭子" && pairing.relation == .mixed)
        let split = try #require(pairing.clauses.first { if case .split = $0.claim { true } else { false } })
        // PRED is 卷王 and 拍板, DREM 躺平 and 随缘: the inviter leads the split clause.
        #expect(split.claim == .split(.c) || split.claim == .split(.a))
        #expect(pairing.line(Self.named).contains("@老板\u{00A0}\(split.text)，@阿May\u{00A0}\(split.otherText)"))
        #expect(pairing.line(PairNames(invitee: nil, inviter: "老板")).contains("@老板\u{00A0}\(split.text)，TA\(split.otherText)"))
        #expect(pairing.line(PairNames(invitee: "阿May", inviter: "")).contains("TA\(split.text)，@阿May\u{00A0}\(split.otherText)"))
        #expect(pairing.line(.anonymous).contains("一个\(split.text)，一个\(split.otherText)"))
        let long = pairing.line(PairNames(invitee: String(repeating: "长", count: 24), inviter: "老板"))
        #expect(long.contains("@长长长长长长长…\u{00A0}"), "\(long)")
        #expect(pairing.line(PairNames(invitee: "长长长长长长长长", inviter: nil)).contains("@长长长长长长长长\u{00A0}"))
        // A name of few characters but many scalars (zalgo) is cut too, so a line's bytes are bounded.
        let zalgo = "a" + String(repeating: "\u{0301}", count: 200)
        let line = pairing.line(PairNames(invitee: zalgo, inviter: zalgo))
        #expect(line.utf8.count <= Pairing.maximumLineUTF8Count && line.contains("…"), "\(line.utf8.count)")
        for pairing in Self.pairings {
            let widest = String(repeating: "😀", count: 30)
            #expect(pairing.line(PairNames(invitee: widest, inviter: widest)).utf8.count <= Pairing.maximumLineUTF8Count)
        }
    }

    @Test func oppositeAndIdenticalTypes() {
        let pred = Personality.find("PRED")!, doom = Personality.find("DOOM")!
        let opposites = pred.pairing(with: doom, pack: .student)
        #expect(opposites.label == "宿命死对头" && opposites.relation == .opposites && opposites.matching.isEmpty)
        for personality in Personality.all {
            let mirror = personality.pairing(with: personality, pack: .workplace)
            #expect(mirror.label == "照镜子" && mirror.opposing.isEmpty)
            #expect(mirror.clauses.allSatisfy { $0.claim.isShared })
        }
    }
}
