import Foundation
import Testing
@testable import PosterServer

/// `serve --quiz-url`: what is accepted, what is refused and why, and how the invite is appended.
@Suite struct QuizURLTests {
    @Test(arguments: [
        "https://quiz.example/",
        "https://quiz.example",
        "https://Quiz.Example:8443/h5/start?src=poster&lang=zh-CN",
        "https://apps.apple.com/cn/app/id1234567890",
        "http://127.0.0.1:8080/quiz",
        "http://localhost/quiz?x=%E5%B0%8F",
    ])
    func accepts(_ text: String) throws {
        #expect(try QuizURL(text).text == text)
    }

    @Test(arguments: [
        ("http://quiz.example/", "the scheme must be https; http is accepted only for 127.0.0.1 and localhost (local testing)"),
        ("ftp://quiz.example/", "the scheme must be https (or http for 127.0.0.1 and localhost)"),
        ("javascript:alert(1)", "expected an https:// URL such as https://quiz.example/start"),
        ("quiz.example/start", "expected an https:// URL such as https://quiz.example/start"),
        ("https://quiz.example/#/start", "must not hold a fragment ('#'): the invite is appended to the query, and a browser never sends what follows '#'"),
        ("https://user:pw@quiz.example/", "must not hold a user name or password ('@' before the host)"),
        ("https://quiz example/", "may hold only printable ASCII without spaces, quotes, '<', '>', '\\', '^', '`', '{', '|' or '}'; percent-encode anything else"),
        ("https://quiz.example/\"onload=", "may hold only printable ASCII without spaces, quotes, '<', '>', '\\', '^', '`', '{', '|' or '}'; percent-encode anything else"),
        ("https://测试.example/", "may hold only printable ASCII without spaces, quotes, '<', '>', '\\', '^', '`', '{', '|' or '}'; percent-encode anything else"),
        ("https://quiz.example/\n", "may hold only printable ASCII without spaces, quotes, '<', '>', '\\', '^', '`', '{', '|' or '}'; percent-encode anything else"),
        ("https:///start", "'' is not a host name (letters, digits, '-' and '.', optionally ':port')"),
        ("https://quiz.example:0/", "'quiz.example:0' is not a host name (letters, digits, '-' and '.', optionally ':port')"),
        ("https://quiz..example/", "'quiz..example' is not a host name (letters, digits, '-' and '.', optionally ':port')"),
        ("https://quiz.example/%E5%B", "holds a '%' that is not followed by two hex digits"),
        ("https://quiz.example/?a=%zz", "holds a '%' that is not followed by two hex digits"),
        ("https://quiz.example/?nmti_invite=x", "already has a 'nmti_invite' parameter, which the landing page appends itself"),
        ("https://quiz.example/?a=1&nmti_invite", "already has a 'nmti_invite' parameter, which the landing page appends itself"),
    ])
    func refuses(_ text: String, _ reason: String) {
        #expect(throws: QuizURLError(reason: reason)) { try QuizURL(text) }
    }

    @Test func refusesALongURLWithoutQuotingIt() {
        let long = "https://quiz.example/" + String(repeating: "a", count: QuizURL.maximumLength)
        #expect(throws: QuizURLError(reason: "is 533 bytes; the limit is 512")) { try QuizURL(long) }
        #expect(throws: Never.self) { try QuizURL(String(long.prefix(QuizURL.maximumLength))) }
    }

    @Test func appendsTheWholeInviteAsOneParameterKeepingTheQuery() throws {
        let invite = "https://nmti.example/i?v=6.-3.2.-5&n=%E5%B0%8F%E7%8E%8B&sig=abc_-"
        let encoded = "https%3A%2F%2Fnmti.example%2Fi%3Fv%3D6.-3.2.-5%26n%3D%25E5%25B0%258F%25E7%258E%258B%26sig%3Dabc_-"
        #expect(try QuizURL("https://quiz.example/start").carrying(invite: invite) == "https://quiz.example/start?nmti_invite=" + encoded)
        #expect(try QuizURL("https://quiz.example/start?src=poster").carrying(invite: invite) == "https://quiz.example/start?src=poster&nmti_invite=" + encoded)
        #expect(try QuizURL("https://quiz.example/start?").carrying(invite: invite) == "https://quiz.example/start?nmti_invite=" + encoded)
        #expect(try QuizURL("https://quiz.example/start?a=1&").carrying(invite: invite) == "https://quiz.example/start?a=1&nmti_invite=" + encoded)
        // The one parameter decodes back to exactly the invite.
        let value = try QuizURL("https://quiz.example/").carrying(invite: invite).split(separator: "=", maxSplits: 1)[1]
        #expect(value.removingPercentEncoding == invite)
    }
}
