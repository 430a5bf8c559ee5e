import Testing
@testable import NMTIDomain

/// Compact links the parser refuses, each with its reason: one link has exactly one
/// compact spelling, and every value the long form refuses is refused alike.
@Suite("Links: compact form refusals")
struct CompactLinkRefusalTests {
    static let base = "https://nmti.example/"

    /// Bits written as given (value, bit count), in base32hex: payloads the engine never writes.
    static func payload(_ fields: [(UInt32, Int)]) -> String {
        var writer = BitWriter()
        for (value, bits) in fields { writer.write(value, bits: bits) }
        return writer.base32hex
    }

    /// An unsigned workplace invite from PRED (by code) whose nickname is these prefix-coded fields.
    static func invite(nickname count: Int, _ scalars: [(UInt32, Int)]) -> String {
        base + "I/" + payload([(0, 4), (0b01111, 5), (UInt32(count), 7)] + scalars)
    }

    static let refused: [(String, CompactPayloadProblem)] = [
        (base + "I/4u10s3p5hc", .lowercase),
        (base + "I/4U10s3P5HC", .lowercase),
        (base + "I/0U01", .nonZeroPadding),
        (base + "I/0U0", .truncated),
        (base + "I/", .truncated),
        (base + "R/0U00", .truncated),  // a reply needs the inviter too
        (base + "I/" + payload([(0b0001, 4), (0b01111, 5), (0, 7)]), .truncated),  // signed, but no tag
        (base + "I/0U000", .trailingCharacters(1)),
        (base + "I/0U0000", .trailingCharacters(2)),
        (base + "I/8U00", .unknownVersion(1)),
        (base + "I/GU00", .unknownVersion(2)),
        (base + "I/OU00", .unknownVersion(3)),
        (base + "I/0U0W", .badCharacter(offset: 3)),
        (base + "I/0U-0", .badCharacter(offset: 2)),
        (base + "I/0U0%41", .badCharacter(offset: 3)),
        (base + "I/0U0\u{FF10}", .badCharacter(offset: 3)),  // a full-width digit
        // Non-shortest codes: "A" in 11 bits, 王 and U+0100 in 16 bits.
        (invite(nickname: 1, [(0b110, 3), (0x41, 11)]), .notCanonical),
        (invite(nickname: 1, [(0b1110, 4), (0x738B, 16)]), .notCanonical),
        (invite(nickname: 1, [(0b1110, 4), (0x100, 16)]), .notCanonical),
        (invite(nickname: 1, [(0b1110, 4), (0xD800, 16)]), .notAScalar(0xD800)),
        (invite(nickname: 1, [(0b1110, 4), (0xDFFF, 16)]), .notAScalar(0xDFFF)),
    ]

    @Test(arguments: refused)
    func badPayloadsNameTheirProblem(link: String, problem: CompactPayloadProblem) {
        #expect(throws: LinkError(reason: .badCompactPayload(problem), link: link)) { try ParsedLink(parsing: link) }
        let error = try? #require(throws: LinkError.self) { try ParsedLink(parsing: link) }
        let payload = String(link.dropFirst(Self.base.count + 2))
        #expect(error?.parameter == nil)
        #expect(error?.descriptionWithoutInput == problem.description)
        #expect(payload.count < 3 || error?.descriptionWithoutInput.contains(payload) == false, "quotes the link")
    }

    @Test func theEnginesOwnSpellingIsAccepted() throws {
        #expect(try NMTILink(parsing: Self.base + "I/0U00") == .invite(pack: .workplace, sender: LinkPerson(code: PersonalityCode("PRED")!)))
        #expect(try NMTILink(parsing: Self.invite(nickname: 1, [(0b10, 2), (0x41, 7)])).sender.nickname == "A")
        #expect(try NMTILink(parsing: Self.invite(nickname: 1, [(0b0, 1), (0x738B - 0x4E00, 15)])).sender.nickname == "王")
        // A query and a fragment are ignored; the signature is the payload's tag, never a `sig` parameter.
        let parsed = try ParsedLink(parsing: Self.base + "I/0U00?sig=AAAAAAAAAAAAAA&from=singlemessage#top")
        #expect(parsed.link == (try NMTILink(parsing: Self.base + "I/0U00")) && parsed.signature == nil)
        // `i` and `r` as the last segment are the long form, under a base that ends in I/ or R/.
        #expect(try ParsedLink(parsing: Self.base + "R/i?v=1.1.1.1").form == .web(try LinkBase(Self.base + "R/")))
        #expect(throws: LinkError(reason: .unknownKind("X"), link: Self.base + "Q/X")) { try ParsedLink(parsing: Self.base + "Q/X") }
        #expect(throws: LinkError(reason: .badBase("must not hold a query, fragment, user name or backslash"), link: "https://u@nmti.example/I/0U00")) {
            try ParsedLink(parsing: "https://u@nmti.example/I/0U00")
        }
    }

    /// Raw nicknames the long form refuses, drops from or accepts: the compact form does the same.
    static let rawNicknames: [String] = [
        "\u{0}", "a\u{1}b", "\u{1F}", "\u{7F}", "\u{80}", "小王\u{85}", "\u{9F}", "\t", "第一行\n第二行\r", "\u{202E}老板", "\u{200E}\u{2066}",
        "\u{200F}a\u{061C}", String(repeating: "长", count: 24), String(repeating: "长", count: 25), String(repeating: "🐶", count: 24),
        String(repeating: "🐶", count: 23) + "👍🏻", String(repeating: "a", count: 97), String(repeating: "\u{200E}", count: 30) + "小王",
        String(repeating: "👨‍👩‍👧", count: 5), String(repeating: "👨‍👩‍👧", count: 6),
    ]

    @Test(arguments: rawNicknames)
    func nicknameRulesMatchTheLongForm(raw: String) throws {
        let scalars = Array(raw.unicodeScalars)
        let pred = PersonalityCode("PRED")!
        for inviterHasIt in [false, true] {
            let named = CompactPayload.Person(scores: nil, code: pred, nickname: scalars)
            let plain = CompactPayload.Person(scores: nil, code: pred, nickname: Array("小李".unicodeScalars))
            let compact = Self.base + "R/" + CompactPayload(
                pack: .student, sender: inviterHasIt ? plain : named, inviter: inviterHasIt ? named : plain, tag: nil).text
            let encoded = PercentEncoding.encode(raw)
            let long = Self.base + (inviterHasIt ? "r?t=PRED&it=PRED&p=s&n=%E5%B0%8F%E6%9D%8E&in=\(encoded)" : "r?t=PRED&it=PRED&p=s&n=\(encoded)&in=%E5%B0%8F%E6%9D%8E")
            switch (Result { () throws(LinkError) in try ParsedLink(parsing: long) }, Result { () throws(LinkError) in try ParsedLink(parsing: compact) }) {
            case (.success(let byLong), .success(let byCompact)):
                #expect(byLong.link == byCompact.link)
            case (.failure(let byLong), .failure(let byCompact)):
                #expect(byLong.reason == byCompact.reason, "\(raw.unicodeScalars.map { String($0.value, radix: 16) })")
            case (let byLong, let byCompact):
                Issue.record("the long form gives \(byLong), the compact form \(byCompact)")
            }
        }
    }
}
