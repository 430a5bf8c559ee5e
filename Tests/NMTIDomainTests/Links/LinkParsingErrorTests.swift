import Testing
@testable import NMTIDomain

@Suite("Links: bad links")
struct LinkParsingErrorTests {
    static let malformed: [(String, LinkError.Reason)] = [
        ("ftp://nmti.example/i?v=1.1.1.1", .notALink),
        ("nmti:invite?from=PRED", .notALink),
        ("", .notALink),
        ("javascript:alert(1)", .notALink),
        ("https://nmti.example/invite?from=PRED", .unknownKind("invite")),
        ("https://nmti.example?v=1.1.1.1", .unknownKind("")),
        ("https://nmti.example/x/../i?v=1.1.1.1", .badBase("the path '/x/../' may hold only letters, digits, '-', '.', '_', '~' and single '/' between segments")),
        ("https://user@nmti.example/i?v=1.1.1.1", .badBase("must not hold a query, fragment, user name or backslash")),
        ("https://nmti.example:99999/i?v=1.1.1.1", .badBase("'nmti.example:99999' is not a host name (letters, digits, '-' and '.', optionally ':port')")),
        ("nmti://share?from=PRED", .unknownKind("share")),
        ("nmti://?from=PRED", .unknownKind("")),
        ("nmti://invite", .missingParameter("from")),
        ("https://nmti.example/i?p=s", .missingParameter("t")),
        ("nmti://reply?from=PRED", .missingParameter("to")),
        ("https://nmti.example/r?v=1.1.1.1", .missingParameter("it")),
        ("nmti://invite?from=PRED&from=POOM", .duplicateParameter("from")),
        ("https://nmti.example/i?v=1.1.1.1&sig=a&sig=b", .duplicateParameter("sig")),
        ("nmti://invite?from=PRED&nickname=%zz", .badPercentEncoding("nickname")),
        ("nmti://invite?from=PRED&nickname=%E4%B8", .badPercentEncoding("nickname")),
        ("nmti://invite?from=PRED&nickname=%FF", .badPercentEncoding("nickname")),
        ("nmti://invite?from=ABCD", .unknownCode(parameter: "from", value: "ABCD")),
        ("nmti://reply?from=PRED&to=%E5%B0%8F", .unknownCode(parameter: "to", value: "小")),
        ("https://nmti.example/i?v=1.1.1", .badScores(parameter: "v", value: "1.1.1")),
        ("https://nmti.example/i?v=1.1.1.1.1", .badScores(parameter: "v", value: "1.1.1.1.1")),
        ("https://nmti.example/i?v=1.+1.1.1", .badScores(parameter: "v", value: "1.+1.1.1")),
        ("https://nmti.example/i?v=1..1.1", .badScores(parameter: "v", value: "1..1.1")),
        ("https://nmti.example/i?v=99999999999999999999.1.1.1", .badScores(parameter: "v", value: "99999999999999999999.1.1.1")),
        ("https://nmti.example/i?v=%EF%BC%91.1.1.1", .badScores(parameter: "v", value: "１.1.1.1")),
        ("nmti://invite?from=POOM&scores=1.1.1.1", .scoresDisagree(parameter: "from", code: "POOM", scores: "PRED")),
        ("nmti://invite?from=PRED&nickname=" + String(repeating: "%E9%95%BF", count: 25), .nicknameTooLong("nickname")),
        ("nmti://invite?pack=office&from=PRED", .unknownPack("office")),
        ("https://nmti.example/i?t=PRED&p=x", .unknownPack("x")),
        ("nmti://invite?from", .malformedQuery("from")),
        ("nmti://invite?=PRED", .malformedQuery("=PRED")),
        ("nmti://invite?from=PRED&nickname=" + String(repeating: "a", count: 2100), .tooLong(2133)),
    ]

    @Test(arguments: malformed)
    func malformedLinksNameTheirProblem(link: String, reason: LinkError.Reason) {
        #expect(throws: LinkError(reason: reason, link: link)) {
            try ParsedLink(parsing: link)
        }
    }

    @Test func descriptionsQuoteTheLinkAndCutLongOnes() {
        let error = LinkError(reason: .duplicateParameter("from"), link: "nmti://invite?from=A&from=B")
        #expect(error.description == "nmti://invite?from=A&from=B: parameter 'from' appears more than once")
        let long = LinkError(reason: .tooLong(3000), link: String(repeating: "x", count: 3000))
        #expect(long.description.count < 300)
    }

    @Test func linkBasesAreNormalised() throws {
        #expect(try LinkBase("HTTPS://Nmti.Example").text == "https://nmti.example/")
        #expect(try LinkBase("https://example.com/nmti").text == "https://example.com/nmti/")
        #expect(try LinkBase("http://127.0.0.1:8080/").text == "http://127.0.0.1:8080/")
        for bad in ["nmti.example", "ftp://x/", "https://", "https://a..b/", "https://x/?q", "https://x/#f", "https://x//y/",
                    "https://x:0/", "https://x/%20/", "https://" + String(repeating: "a", count: 100) + "/"] {
            #expect(throws: LinkBaseError.self, "\(bad)") { try LinkBase(bad) }
        }
    }
}
