import Testing
@testable import NMTIDomain

@Suite("Links: round trips")
struct LinkRoundTripTests {
    static let nicknames: [String?] = [
        nil, "小王", "阿May", "🐶", "小王🔥😂🎉", "Tom & Jerry", "a=b", "100%", "%E4%B8", "1+1=2", "with space",
        "<b>Tom</b> & \"Jerry\"", "<script>alert(1)</script>", "第一行\n第二行", "?#/:@", "sig=abc", "ÉLODIE", "👨‍👩‍👧",
        "\u{202E}evil", "' OR 1=1 --",
    ]
    static let base = try! LinkBase("https://nmti.example/")
    static let forms: [LinkForm] = [.scheme, .web(base), .web(try! LinkBase("http://127.0.0.1:8080/sub/path"))]
    static let pred = PersonalityCode("PRED")!
    static let poom = PersonalityCode("POOM")!
    static let scores = DimensionScores(c: 6, s: -3, e: 2, a: -5)
    static let inviterScores = DimensionScores(c: -12, s: 0, e: 99, a: -1)

    static func links(nickname: String?) -> [NMTILink] {
        [
            .invite(pack: .workplace, sender: LinkPerson(scores: scores, nickname: nickname)),
            .invite(pack: .student, sender: LinkPerson(code: pred, nickname: nickname)),
            .reply(pack: .student, sender: LinkPerson(scores: scores, nickname: nickname),
                   inviter: LinkPerson(scores: inviterScores, nickname: nickname)),
            .reply(pack: .workplace, sender: LinkPerson(scores: scores, nickname: nickname), inviter: LinkPerson(code: poom)),
            .reply(pack: .workplace, sender: LinkPerson(code: poom), inviter: LinkPerson(code: pred, nickname: nickname)),
        ]
    }

    @Test(arguments: nicknames)
    func everyLinkRoundTripsInEveryForm(nickname: String?) throws {
        for link in Self.links(nickname: nickname) {
            for form in Self.forms {
                let text = link.url(form: form, signature: "abc_-09")
                let parsed = try ParsedLink(parsing: text)
                #expect(parsed.link == link, "\(text)")
                #expect(parsed.form == form)
                #expect(parsed.signature == "abc_-09")
                #expect(parsed.link.url(form: form, signature: "abc_-09") == text)
                #expect(try NMTILink(parsing: link.url(form: form)) == link)
            }
        }
    }

    @Test(arguments: nicknames.compactMap { $0 })
    func valuesAreStrictlyEncoded(nickname: String) {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%")
        for link in Self.links(nickname: nickname) {
            for form in Self.forms {
                let query = link.url(form: form).split(separator: "?", maxSplits: 1)[1]
                for item in query.split(separator: "&") {
                    let value = item.split(separator: "=", maxSplits: 1)[1]
                    #expect(value.allSatisfy(unreserved.contains), "\(value)")
                }
            }
        }
    }

    @Test func webLinksAreShortAndSchemeLinksKeepTheirNames() throws {
        let invite = NMTILink.invite(pack: .workplace, sender: LinkPerson(scores: Self.scores, nickname: "小王"))
        #expect(invite.url(form: .web(Self.base)) == "https://nmti.example/i?v=6.-3.2.-5&n=%E5%B0%8F%E7%8E%8B")
        #expect(invite.url == "nmti://invite?pack=workplace&from=POEM&scores=6.-3.2.-5&nickname=%E5%B0%8F%E7%8E%8B")
        let reply = NMTILink.reply(
            pack: .student, sender: LinkPerson(scores: Self.scores), inviter: LinkPerson(code: Self.poom, nickname: "老板"))
        #expect(reply.url(form: .web(Self.base)) == "https://nmti.example/r?v=6.-3.2.-5&it=POOM&p=s&in=%E8%80%81%E6%9D%BF")
        #expect(reply.url == "nmti://reply?pack=student&from=POEM&scores=6.-3.2.-5&to=POOM&toNickname=%E8%80%81%E6%9D%BF")
    }

    @Test func bothFormsNormaliseTheSameWay() throws {
        let web = try NMTILink(parsing: "HTTPS://NMTI.example/i?t=hexa&p=s&utm_source=poster#top")
        let scheme = try NMTILink(parsing: "NMTI://Invite?pack=student&from=Pred&utm_source=poster")
        #expect(web == scheme)
        #expect(web == .invite(pack: .student, sender: LinkPerson(code: Self.pred)))
        #expect(try NMTILink(parsing: "https://nmti.example/i?t=POEM&v=6.-3.2.-5") == .invite(
            pack: .workplace, sender: LinkPerson(scores: Self.scores)))
        #expect(try NMTILink(parsing: "https://nmti.example/i?v=6.-3.2.-5&p=w") == .invite(
            pack: .workplace, sender: LinkPerson(scores: Self.scores)))
        #expect(try NMTILink(parsing: "nmti://invite?from=PRED&scores=-0.0.0.0") == .invite(
            pack: .workplace, sender: LinkPerson(scores: DimensionScores(c: 0, s: 0, e: 0, a: 0))))
    }

    @Test func olderLinksWithoutScoresStillParse() throws {
        let link = try NMTILink(parsing: "nmti://reply?pack=student&from=work&to=Hexa&nickname=%E5%B0%8F%E7%8E%8B")
        #expect(link == .reply(pack: .student, sender: LinkPerson(code: Self.poom, nickname: "小王"), inviter: LinkPerson(code: Self.pred)))
        #expect(link.url == "nmti://reply?pack=student&from=POOM&to=PRED&nickname=%E5%B0%8F%E7%8E%8B")
        #expect(try NMTILink(parsing: "nmti://invite?from=VAMP&utm_source=poster&v=2") == .invite(
            pack: .workplace, sender: LinkPerson(code: PersonalityCode("DROD")!)))
        #expect(try NMTILink(parsing: "nmti://invite?from=PRED&nickname=a+b%2bc") == .invite(
            pack: .workplace, sender: LinkPerson(code: Self.pred, nickname: "a+b+c")))
        #expect(try NMTILink(parsing: "nmti://invite?from=PRED&nickname=").sender.nickname == nil)
    }

    @Test func signaturesCoverTheValueNotTheForm() {
        let link = NMTILink.reply(
            pack: .student, sender: LinkPerson(scores: Self.scores, nickname: "小王"),
            inviter: LinkPerson(scores: Self.inviterScores, nickname: "老板"))
        #expect(link.canonicalText == "nmti-link-1 r?v=6.-3.2.-5&iv=-12.0.99.-1&p=s&n=%E5%B0%8F%E7%8E%8B&in=%E8%80%81%E6%9D%BF")
        #expect(link.withoutNicknames.canonicalText == "nmti-link-1 r?v=6.-3.2.-5&iv=-12.0.99.-1&p=s")
        #expect(!link.withoutNicknames.hasNicknames && link.hasNicknames)
    }

    @Test func longNicknamesAreCutWhenALinkIsMade() {
        let long = String(repeating: "长", count: 40)
        #expect(LinkPerson(code: Self.pred, nickname: long).nickname == String(repeating: "长", count: 24))
        let family = String(repeating: "👨‍👩‍👧‍👦", count: 24)
        let cut = LinkPerson(code: Self.pred, nickname: family).nickname!
        #expect(cut.utf8.count <= NMTILink.maximumNicknameBytes && family.unicodeScalars.starts(with: cut.unicodeScalars))
        #expect(LinkPerson(code: Self.pred, nickname: "").nickname == nil)
    }

    @Test func bidiControlsNeverReachANickname() throws {
        #expect(LinkPerson(code: Self.pred, nickname: "\u{202E}老板").nickname == "老板")
        #expect(LinkPerson(code: Self.pred, nickname: "\u{2066}\u{200F}").nickname == nil)
        let parsed = try NMTILink(parsing: "nmti://invite?from=PRED&nickname=%E2%80%AE%E8%80%81%E6%9D%BF")
        #expect(parsed.sender.nickname == "老板")
        #expect(QuizResult.withoutBidiControls("a\u{202A}b\u{061C}c\u{2069}") == "abc")
        #expect(QuizResult.withoutBidiControls("阿May 👨‍👩‍👧") == "阿May 👨‍👩‍👧")
    }
}
