import Testing
@testable import NMTIDomain

@Suite("Catalogue")
struct CatalogueTests {
    private let canonical = Set(PersonalityCode.all.map(\.rawValue))

    @Test func hasSixteenPersonalitiesInCodeOrder() {
        #expect(Personality.catalogue.count == 16)
        #expect(Personality.all.map(\.code) == PersonalityCode.all)
        #expect(Set(Personality.catalogue.map(\.code)).count == 16)
    }

    @Test func titlesAreUniqueAndShort() {
        let titles = Personality.all.map(\.title)
        #expect(Set(titles).count == 16)
        for title in titles {
            #expect((4...6).contains(title.count), "\(title)")
        }
    }

    @Test func aliasesAreUniqueUpperCaseAndNeverCanonical() {
        let aliases = Personality.all.map(\.alias)
        #expect(Set(aliases).count == 16)
        for alias in aliases {
            #expect(alias.count == 4, "\(alias)")
            #expect(alias.allSatisfy { $0.isASCII && $0.isUppercase }, "\(alias)")
            #expect(!canonical.contains(alias), "\(alias) is a canonical code")
            #expect(PersonalityCode(alias) == nil, "\(alias) parses as a code")
        }
    }

    @Test func emojiAreSingleGraphemesAndDistinct() {
        let emoji = Personality.all.map(\.emoji)
        #expect(Set(emoji).count == 16)
        for symbol in emoji {
            #expect(symbol.count == 1, "\(symbol)")
            #expect(symbol.unicodeScalars.first?.properties.isEmoji == true, "\(symbol)")
        }
    }

    @Test func requiredTitlesSitOnTheirCodes() {
        #expect(Personality.of(PersonalityCode("PRED")!).title == "六边形悍匪")
        #expect(Personality.of(PersonalityCode("POOM")!).title == "金牌老黄牛")
        #expect(Personality.of(PersonalityCode("POOM")!).alias == "WORK")
        #expect(Personality.of(PersonalityCode("DROD")!).title == "优雅吸血鬼")
        #expect(Personality.of(PersonalityCode("DROD")!).alias == "VAMP")
        #expect(Personality.of(PersonalityCode("DOOM")!).title == "赛博隐形人")
    }

    @Test(arguments: QuizPack.allCases)
    func copyIsCompleteAndWithinLength(pack: QuizPack) {
        for personality in Personality.all {
            let copy = personality.copy(for: pack)
            let tag = "\(personality.code) \(pack)"
            #expect(!copy.slogan.isEmpty && copy.slogan.count <= 16, "\(tag) slogan")
            #expect(!copy.tagline.isEmpty && copy.tagline.count <= 24, "\(tag) tagline")
            #expect((60...140).contains(copy.fullDesc.count), "\(tag) fullDesc \(copy.fullDesc.count)")
        }
    }

    @Test func studentCopyIsPresentAndDistinctFromWorkplace() {
        for personality in Personality.all {
            #expect(personality.studentCopy != nil, "\(personality.code)")
            let work = personality.copy(for: .workplace)
            let school = personality.copy(for: .student)
            #expect(work.slogan != school.slogan, "\(personality.code) slogan")
            #expect(work.tagline != school.tagline, "\(personality.code) tagline")
            #expect(work.fullDesc != school.fullDesc, "\(personality.code) fullDesc")
        }
    }

    @Test func textHasNoPlaceholdersOrSloppyPunctuation() {
        var texts: [String] = []
        for personality in Personality.all {
            texts += [personality.title, personality.alias, personality.emoji]
            for pack in QuizPack.allCases {
                let copy = personality.copy(for: pack)
                texts += [copy.slogan, copy.tagline, copy.fullDesc]
            }
        }
        for text in texts {
            let lower = text.lowercased()
            for banned in ["todo", "示例", "lorem", "xxx"] {
                #expect(!lower.contains(banned), "\(text) contains \(banned)")
            }
            #expect(!text.contains("\""), "ASCII quote in \(text)")
            #expect(!text.contains(" "), "space in \(text)")
            #expect(!text.contains(","), "ASCII comma in \(text)")
        }
    }

    @Test func findResolvesCodesAndAliasesInAnyCase() {
        for personality in Personality.all {
            let code = personality.code.rawValue
            #expect(Personality.find(code) == personality)
            #expect(Personality.find(code.lowercased()) == personality)
            #expect(Personality.find(personality.alias) == personality)
            #expect(Personality.find(personality.alias.lowercased()) == personality)
        }
        #expect(Personality.find("work")?.code.rawValue == "POOM")
        #expect(Personality.find("Vamp")?.code.rawValue == "DROD")
        #expect(Personality.find("ABCD") == nil)
        #expect(Personality.find("") == nil)
    }
}
