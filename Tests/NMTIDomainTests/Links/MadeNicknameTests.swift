import NMTIDomain
import Testing

/// A link made from a result carries at most 24 Unicode scalars of a nickname, so no
/// nickname makes a compact link longer than 24 emoji do; links are still read as before.
@Suite struct MadeNicknameTests {
    /// 24 characters of a Latin letter with two combining acute accents: 72 scalars, 120 bytes
    /// before the byte limit; the densest text per byte for the compact form.
    let stacked = String(repeating: "a\u{301}\u{301}", count: 24)
    let emoji = String(repeating: "🐶", count: 24)

    @Test func aResultsNicknameIsCutToTwentyFourScalars() throws {
        let made = try #require(LinkPerson.madeNickname(stacked))
        #expect(made.unicodeScalars.count == NMTILink.maximumNicknameScalars)
        #expect(LinkPerson.madeNickname("王小明同学呀🐶") == "王小明同学呀🐶")
        #expect(LinkPerson.madeNickname(emoji) == emoji)
        let link = NMTILink(carriedBy: QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), nickname: stacked))
        #expect((link.sender.nickname?.unicodeScalars.count ?? 0) <= NMTILink.maximumNicknameScalars)
    }

    @Test func noMadeNicknameOutweighsTwentyFourEmojiInTheCompactForm() throws {
        let base = try LinkBase("https://nmti.example/")
        func compactLength(_ nickname: String) -> Int {
            let result = QuizResult(scores: DimensionScores(c: -12, s: 12, e: -12, a: 12), pack: .student, nickname: nickname,
                                    fromScores: DimensionScores(c: 12, s: -12, e: 12, a: -12), fromNickname: nickname)
            return NMTILink(carriedBy: result).url(form: .compact(base)).count
        }
        let thai = String(repeating: "ก\u{E34}\u{E48}", count: 24)  // consonant, vowel and tone mark: 3 bytes each
        for dense in [stacked, thai, String(repeating: "é\u{301}", count: 24)] {
            #expect(compactLength(dense) <= compactLength(emoji), "\(dense.unicodeScalars.count) scalars")
        }
    }

    @Test func linksWithMoreScalarsStillParseAsPrinted() throws {
        // 12 characters, 36 scalars, 60 bytes: within the reader's limits, beyond the maker's.
        let nickname = String(repeating: "a\u{301}\u{301}", count: 12)
        let encoded = nickname.unicodeScalars.map { scalar in
            String(scalar).utf8.map { byte in byte < 0x80 && scalar.properties.isAlphabetic ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true) }.joined()
        }.joined()
        let parsed = try ParsedLink(parsing: "https://nmti.example/i?v=1.1.1.1&n=\(encoded)")
        #expect(parsed.link.sender.nickname == nickname)
    }
}
