import Testing
@testable import NMTIDomain

@Suite("Links")
struct LinkTests {
    static let nicknames: [String?] = [
        nil, "小王", "阿May", "🐶", "小王🔥😂🎉", "Tom & Jerry", "a=b", "100%", "%E4%B8", "1+1=2", "with space",
        "<b>Tom</b> & \"Jerry\"", "第一行\n第二行", "?#/:@", "ÉLODIE", "👨‍👩‍👧",
    ]
    static let pred = PersonalityCode("PRED")!
    static let poom = PersonalityCode("POOM")!

    @Test(arguments: QuizPack.allCases, nicknames)
    func inviteRoundTrips(pack: QuizPack, nickname: String?) throws {
        let link = NMTILink.invite(pack: pack, from: Self.pred, nickname: nickname)
        #expect(link.url.hasPrefix("nmti://invite?pack=\(pack.rawValue)&from=PRED"))
        #expect(try NMTILink(parsing: link.url) == link)
    }

    @Test(arguments: QuizPack.allCases, nicknames)
    func replyRoundTrips(pack: QuizPack, nickname: String?) throws {
        let link = NMTILink.reply(pack: pack, from: Self.poom, to: Self.pred, nickname: nickname)
        #expect(link.url.hasPrefix("nmti://reply?pack=\(pack.rawValue)&from=POOM&to=PRED"))
        #expect(try NMTILink(parsing: link.url) == link)
    }

    @Test(arguments: nicknames.compactMap { $0 })
    func nicknameValuesAreStrictlyEncoded(nickname: String) {
        let url = NMTILink.invite(pack: .workplace, from: Self.pred, nickname: nickname).url
        let value = String(url.split(separator: "nickname=", maxSplits: 1)[1])
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%")
        #expect(value.allSatisfy(unreserved.contains), "\(value)")
        #expect(PercentEncoding.decode(Substring(value)) == nickname)
    }

    @Test func specialCharactersHaveTheirEscapes() {
        #expect(PercentEncoding.encode("a b&c=d%e+f") == "a%20b%26c%3Dd%25e%2Bf")
        #expect(PercentEncoding.encode("小") == "%E5%B0%8F")
        #expect(PercentEncoding.encode("-._~") == "-._~")
    }

    @Test func plusStaysAPlusAndEscapesAnyCaseDecode() throws {
        let link = try NMTILink(parsing: "nmti://invite?from=PRED&nickname=a+b%2bc%2Bd")
        #expect(link == .invite(pack: .workplace, from: Self.pred, nickname: "a+b+c+d"))
    }

    @Test func aliasesAndLowerCaseCodesAreNormalised() throws {
        let link = try NMTILink(parsing: "nmti://reply?pack=student&from=work&to=Hexa&nickname=%E5%B0%8F%E7%8E%8B")
        #expect(link == .reply(pack: .student, from: Self.poom, to: Self.pred, nickname: "小王"))
        #expect(link.url == "nmti://reply?pack=student&from=POOM&to=PRED&nickname=%E5%B0%8F%E7%8E%8B")
        #expect(try NMTILink(parsing: "nmti://invite?from=pred") == .invite(pack: .workplace, from: Self.pred, nickname: nil))
    }

    @Test func missingPackMeansWorkplaceAndUnknownParametersAreIgnored() throws {
        let link = try NMTILink(parsing: "nmti://invite?from=VAMP&utm_source=poster&v=2")
        #expect(link == .invite(pack: .workplace, from: PersonalityCode("DROD")!, nickname: nil))
        #expect(link.pack == .workplace)
    }

    @Test func emptyNicknameIsNoNickname() throws {
        #expect(try NMTILink(parsing: "nmti://invite?from=PRED&nickname=") == .invite(
            pack: .workplace, from: Self.pred, nickname: nil))
    }

    static let malformed: [(String, LinkError.Reason)] = [
        ("https://nmti.example/invite?from=PRED", .notNMTIScheme),
        ("nmti:invite?from=PRED", .notNMTIScheme),
        ("", .notNMTIScheme),
        ("nmti://share?from=PRED", .unknownKind("share")),
        ("nmti://?from=PRED", .unknownKind("")),
        ("nmti://invite", .missingParameter("from")),
        ("nmti://invite?pack=student", .missingParameter("from")),
        ("nmti://reply?from=PRED", .missingParameter("to")),
        ("nmti://invite?from=PRED&from=POOM", .duplicateParameter("from")),
        ("nmti://invite?from=PRED&nickname=a&nickname=b", .duplicateParameter("nickname")),
        ("nmti://invite?from=PRED&nickname=%zz", .badPercentEncoding("nickname")),
        ("nmti://invite?from=PRED&nickname=%E4%B8", .badPercentEncoding("nickname")),
        ("nmti://invite?from=PRED&nickname=abc%", .badPercentEncoding("nickname")),
        ("nmti://invite?from=PRED&nickname=%4", .badPercentEncoding("nickname")),
        ("nmti://invite?from=PRED&nickname=%FF", .badPercentEncoding("nickname")),
        ("nmti://invite?from=ABCD", .unknownCode(parameter: "from", value: "ABCD")),
        ("nmti://reply?from=PRED&to=%E5%B0%8F", .unknownCode(parameter: "to", value: "小")),
        ("nmti://invite?pack=office&from=PRED", .unknownPack("office")),
        ("nmti://invite?pack=Student&from=PRED", .unknownPack("Student")),
        ("nmti://invite?from", .malformedQuery("from")),
        ("nmti://invite?=PRED", .malformedQuery("=PRED")),
    ]

    @Test(arguments: malformed)
    func malformedLinksNameTheirProblem(link: String, reason: LinkError.Reason) {
        #expect(throws: LinkError(reason: reason, link: link)) {
            try NMTILink(parsing: link)
        }
    }

    @Test func errorDescriptionsQuoteTheLink() {
        let error = LinkError(reason: .duplicateParameter("from"), link: "nmti://invite?from=A&from=B")
        #expect(error.description == "nmti://invite?from=A&from=B: parameter 'from' appears more than once")
    }

    @Test func resolvedResultsCarryInviteOrReplyLinks() {
        let plain = ResolvedResult(QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), nickname: "小王"))
        #expect(plain.link == .invite(pack: .workplace, from: Self.pred, nickname: "小王"))
        let invited = ResolvedResult(QuizResult(
            scores: DimensionScores(c: 1, s: -1, e: -1, a: -1), pack: .student, nickname: "🐶", fromCode: Self.pred))
        #expect(invited.link == .reply(pack: .student, from: Self.poom, to: Self.pred, nickname: "🐶"))
        #expect(invited.link.url.hasPrefix("nmti://reply?pack=student&from=POOM&to=PRED&nickname=%F0%9F%90%B6"))
    }
}
