import Testing
@testable import NMTIDomain

/// The compact form, `<base>I/<payload>` and `<base>R/<payload>`: every link it can
/// hold prints and parses back to the same value, tag and text.
@Suite("Links: compact form round trips")
struct CompactLinkRoundTripTests {
    static let base = try! LinkBase("https://nmti.example/")
    static let nicknames: [String?] = [
        nil, "小王", "王小明同学🐶", "陈大壮学霸", "Tom & Jerry", "a=b/c?d#e", "ÉLODIE ñ ß", "Ωμέγα Привет", "あいう 한국 €",
        "🐶", "👨‍👩‍👧", "👍🏻👩🏽‍💻", "第一行\n第二行\t!", "\u{202E}老板",
        // The prefix codes' edges: U+4DFF below the CJK range, U+4E00 and U+CDFF its ends, U+CE00 above it,
        // U+007E, U+00A0 and U+07FF, U+0800, U+FFFD and U+FFFF, U+10000 and U+10FFFF.
        "\u{4DFF}\u{4E00}\u{CDFF}\u{CE00}", "~\u{A0}\u{7FF}\u{800}\u{FFFD}\u{FFFF}", "\u{10000}\u{10FFFF}",
        String(repeating: "陈", count: 24), String(repeating: "🐶", count: 24), String(repeating: "a", count: 24),
        String(repeating: "👨‍👩‍👧", count: 5),
    ]

    /// Scores for `code` within the compact range, a different spread for each seed.
    static func scores(for code: PersonalityCode, seed: Int) -> DimensionScores {
        let values = code.poles.enumerated().map { index, pole in
            let magnitude = (seed * 7 + index * 5) % 16  // 0…15
            return pole.isPositive ? magnitude : -1 - magnitude  // -16…-1
        }
        return DimensionScores(c: values[0], s: values[1], e: values[2], a: values[3])
    }

    /// Invites and replies over all 16 codes and both packs, with scores, by code only and mixed.
    static func links(nickname: String?, other: String?) -> [NMTILink] {
        var links: [NMTILink] = []
        for (index, code) in PersonalityCode.all.enumerated() {
            for pack in QuizPack.allCases {
                let scored = LinkPerson(scores: scores(for: code, seed: index), nickname: nickname)
                let partner = PersonalityCode.all[(index * 5 + 3) % 16]
                links.append(.invite(pack: pack, sender: scored))
                links.append(.invite(pack: pack, sender: LinkPerson(code: code, nickname: nickname)))
                links.append(.reply(pack: pack, sender: scored, inviter: LinkPerson(scores: scores(for: partner, seed: index + 1), nickname: other)))
                links.append(.reply(pack: pack, sender: LinkPerson(code: code, nickname: other), inviter: LinkPerson(code: partner, nickname: nickname)))
            }
        }
        return links
    }

    static let alphanumeric = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ/")

    @Test(arguments: nicknames)
    func everyLinkRoundTripsSignedAndUnsigned(nickname: String?) throws {
        let tag = Base64URL.encode((0..<16).map { UInt8($0 * 37 % 256) })
        for link in Self.links(nickname: nickname, other: "小李🔥") {
            for signature in [nil, tag] {
                let text = link.url(form: .compact(Self.base), signature: signature)
                let payload = text.dropFirst(Self.base.text.count)
                #expect(payload.hasPrefix("\(link.compactPath)/") && payload.allSatisfy(Self.alphanumeric.contains), "\(text)")
                let parsed = try ParsedLink(parsing: text)
                #expect(parsed.link == link, "\(text)")
                #expect(parsed.form == .compact(Self.base))
                // The tag is the signature's first 80 bits, spelled as the long form spells it.
                #expect(parsed.signature == signature.map { Base64URL.encode(Array(Base64URL.decode($0)!.prefix(10))) }, "\(text)")
                #expect(parsed.signature?.count ?? 14 == 14)
                #expect(parsed.link.url(form: .compact(Self.base), signature: parsed.signature) == text)
                #expect(parsed.link.canonicalText == link.canonicalText)
            }
        }
    }

    @Test func bothFormsOfOneLinkParseAlike() throws {
        for nickname in Self.nicknames {
            for link in Self.links(nickname: nickname, other: nil) {
                let long = try ParsedLink(parsing: link.url(form: .web(Self.base)))
                let compact = try ParsedLink(parsing: link.url(form: .compact(Self.base)))
                #expect(long.link == compact.link)
                #expect(compact.form.longForm == long.form)
            }
        }
    }

    /// Shorter for every nickname that is not mostly ASCII: an ASCII character costs 9 bits
    /// (1.8 characters) here against 1 character in the long form (docs/links.md).
    @Test func theCompactFormIsShorterForNicknamesThatAreNotMostlyASCII() throws {
        for nickname in Self.nicknames.compactMap({ $0 }) where nickname.unicodeScalars.filter(\.isASCII).count * 2 <= nickname.unicodeScalars.count {
            let link = NMTILink.reply(
                pack: .student, sender: LinkPerson(scores: DimensionScores(c: 9, s: -5, e: -2, a: 4), nickname: nickname),
                inviter: LinkPerson(scores: DimensionScores(c: -3, s: 4, e: -6, a: -1), nickname: nickname))
            let sig = Base64URL.encode(Array(repeating: 0xA5, count: 16))
            #expect(link.url(form: .compact(Self.base), signature: sig).utf8.count < link.url(form: .web(Self.base), signature: sig).utf8.count, "\(nickname)")
        }
    }

    @Test func aLinkTheCompactFormCannotHoldFallsBackToTheLongForm() throws {
        for outside in [16, -17, 99, -1000] {
            let link = NMTILink.invite(pack: .student, sender: LinkPerson(scores: DimensionScores(c: 1, s: outside, e: 0, a: -16), nickname: "小王"))
            #expect(link.compactURL(base: Self.base) == nil)
            #expect(link.url(form: .compact(Self.base), signature: "abc") == link.url(form: .web(Self.base), signature: "abc"))
            let parsed = try ParsedLink(parsing: link.url(form: .compact(Self.base)))
            #expect(parsed.link == link && parsed.form == .web(Self.base))
        }
        let edges = NMTILink.invite(pack: .workplace, sender: LinkPerson(scores: DimensionScores(c: 15, s: -16, e: 0, a: -1)))
        #expect(edges.compactURL(base: Self.base) != nil)
        // A signature that is no 80- or 128-bit tag cannot be carried either.
        for signature in ["abc_-09", String(repeating: "A", count: 13), String(repeating: "A", count: 22) + "A", "AAAAAAAAAAAAAB"] {
            #expect(edges.compactURL(base: Self.base, signature: signature) == nil, "\(signature)")
        }
        #expect(edges.compactURL(base: Self.base, signature: String(repeating: "A", count: 14)) != nil)
    }

    @Test func theSpecsWorkedExampleIsExactlyThisText() throws {
        // docs/links.md, "A worked example": an unsigned student invite, PRED by code, nickname 小王.
        let link = NMTILink.invite(pack: .student, sender: LinkPerson(code: PersonalityCode("PRED")!, nickname: "小王"))
        #expect(link.url(form: .compact(Self.base)) == "https://nmti.example/I/" + Self.workedExample)
    }

    @Test func theDocsExamplesAreExactlyTheseTexts() throws {
        // docs/links.md's table: the workplace invite with scores and 小王, unsigned.
        let invite = NMTILink.invite(pack: .workplace, sender: LinkPerson(scores: DimensionScores(c: 6, s: -3, e: 2, a: -5), nickname: "小王"))
        #expect(invite.url(form: .compact(Self.base)) == "https://nmti.example/I/1MDIB0GE1SIOM")
        // docs/themes.md's `{link}` example.
        let themes = NMTILink.invite(pack: .workplace, sender: LinkPerson(scores: DimensionScores(c: 5, s: 8, e: 3, a: 2), nickname: "小王"))
        #expect(themes.url(form: .compact(Self.base)) == "https://nmti.example/I/1LOJI0GE1SIOM")
        // docs/links.md, "A worked example": the typical reply, with the tag 01 02 … 0A standing in for an HMAC.
        let reply = NMTILink.reply(
            pack: .student, sender: LinkPerson(scores: DimensionScores(c: 9, s: -5, e: -2, a: 4), nickname: "王小明同学🐶"),
            inviter: LinkPerson(scores: DimensionScores(c: -3, s: 4, e: -6, a: -1), nickname: "陈大壮学霸"))
        let text = reply.url(form: .compact(Self.base), signature: Base64URL.encode(Array(1...10)))
        #expect(text == "https://nmti.example/R/7PBEK1H5HC70U60E0O60QPNGUGRBD2JOAI281CJGLRGDCP4JG0820C20A1G7104GK")
    }

    /// 00 1 0 | 0 1111 | 0000010 | 0 000111000001111 (小) | 0 010010110001011 (王): 48 bits, no padding.
    static let workedExample = "4U10S3P5HC"
}
