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

    /// Names are read as strictly as values, and every `&` separates two items.
    @Test(arguments: [
        ("https://nmti.example/i?v=1.1.1.1&&n=a", LinkError.Reason.malformedQuery("")),
        ("https://nmti.example/i?&v=1.1.1.1", .malformedQuery("")), ("https://nmti.example/i?v=1.1.1.1&", .malformedQuery("")),
        ("nmti://invite?from=PRED&", .malformedQuery("")), ("nmti://invite?&", .malformedQuery("")),
        ("nmti://invite?from=PRED&%zz=1", .badPercentEncoding("%zz")), ("nmti://invite?from=PRED&x%E4=1", .badPercentEncoding("x%E4")),
        ("https://nmti.example/i?v=1.1.1.1&%=1", .badPercentEncoding("%")), ("https://nmti.example/i?v=1.1.1.1&utm%2=x", .badPercentEncoding("utm%2")),
    ])
    func emptyItemsAndBrokenNamesAreRefused(link: String, reason: LinkError.Reason) {
        #expect(throws: LinkError(reason: reason, link: link)) { try ParsedLink(parsing: link) }
    }

    /// Names are decoded as values are, so one parameter has one meaning whatever its spelling.
    @Test func namesAreDecoded() throws {
        #expect(try NMTILink(parsing: "https://nmti.example/i?%76=6.-3.2.-5") == NMTILink(parsing: "https://nmti.example/i?v=6.-3.2.-5"))
        #expect(throws: LinkError.self) { try ParsedLink(parsing: "https://nmti.example/i?v=1.1.1.1&%76=1.1.1.1") }
    }

    /// C0 and C1 controls (but line breaks and tabs) in a nickname are refused, never cut at.
    @Test(arguments: ["%00", "%01", "%08", "%0B", "%1B", "%1F", "%7F", "%C2%80", "%C2%85", "%C2%9F"])
    func controlCharactersInNicknamesAreRefused(escape: String) {
        for link in ["https://nmti.example/i?v=1.1.1.1&n=a\(escape)b", "https://nmti.example/r?v=1.1.1.1&iv=1.1.1.1&in=\(escape)",
                     "nmti://invite?from=PRED&nickname=a\(escape)", "nmti://reply?from=PRED&to=DOOM&toNickname=\(escape)b"] {
            let error = #expect(throws: LinkError.self, "\(link)") { try ParsedLink(parsing: link) }
            guard case .controlCharacter(let parameter, let character)? = error?.reason else {
                Issue.record("\(link): \(String(describing: error))")
                continue
            }
            #expect(["n", "in", "nickname", "toNickname"].contains(parameter) && character != "a")
            #expect(error?.parameter == parameter)
            #expect(error?.description.contains("holds the control character U+") == true)
        }
    }

    @Test func lineBreaksAndTabsInNicknamesAreKept() throws {
        let link = try NMTILink(parsing: "https://nmti.example/i?v=1.1.1.1&n=a%0Ab%09c%0D%0Ad")
        #expect(link.sender.nickname == "a\nb\tc\r\nd")
    }

    /// The service's pages show this: parameters the format defines, never a value, a foreign name or the link.
    @Test func descriptionsWithoutInputQuoteNothing() {
        let scam = "官方通知加微信"
        let cases: [(LinkError.Reason, String?, String)] = [
            (.unknownCode(parameter: "t", value: scam), "t", "parameter 't' is not a personality code or alias"),
            (.badScores(parameter: "v", value: scam), "v", "parameter 'v' is not four integers joined by '.', such as 6.-3.2.-5"),
            (.unknownPack(scam), "p", "parameter 'p' names an unknown pack; expected workplace or student (w or s on the web)"),
            (.duplicateParameter(scam), nil, "a parameter appears more than once"),
            (.duplicateParameter("n"), "n", "parameter 'n' appears more than once"),
            (.badPercentEncoding(scam), nil, "a query item is not valid percent-encoded UTF-8"),
            (.malformedQuery(scam), nil, "a query item has no name or no '=value'"),
            (.unknownKind(scam), nil, "unknown link kind; expected invite or reply (i or r on the web)"),
            (.badBase(scam), nil, "the link base is not a valid https:// base"),
            (.missingParameter("it"), "it", "missing parameter 'it'"),
        ]
        for (reason, parameter, text) in cases {
            let error = LinkError(reason: reason, link: "https://nmti.example/i?x=" + scam)
            #expect(error.parameter == parameter, "\(reason)")
            #expect(error.descriptionWithoutInput == text, "\(reason)")
            #expect(!error.descriptionWithoutInput.contains(scam))
        }
        #expect(LinkError(reason: .unknownPack("x"), link: "nmti://invite?pack=x").parameter == "pack")
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
