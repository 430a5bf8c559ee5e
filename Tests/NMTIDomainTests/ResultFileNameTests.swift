import Foundation
import Testing
@testable import NMTIDomain

@Suite struct ResultFileNameTests {
    @Test(arguments: ["u-1", "A", "r.2024_06", "9", String(repeating: "a", count: 100)])
    func safeIDsNameFiles(_ id: String) {
        #expect(QuizResult.fileNameProblem(forID: id) == nil)
    }

    @Test(arguments: ["", ".", "..", "../x", "/etc/passwd", "a/b", "a\u{0}b", ".hidden", "-x", "_x",
                      String(repeating: "a", count: 101), "小王", "a b", "a\\b", "a\nb", "x:y"])
    func hostileIDsAreRefused(_ id: String) {
        let problem = QuizResult.fileNameProblem(forID: id)
        #expect(problem != nil)
        #expect(problem?.contains("cannot name a poster file") == true)
    }

    @Test func canonicalJSONIgnoresSpellingAndKeepsMeaning() throws {
        let first = try QuizResult(jsonData: Data(#"{"scores":{"c":1,"s":-1,"e":0,"a":3},"code":"lava","nickname":"","extra":1}"#.utf8))
        let second = try QuizResult(jsonData: Data(#"{ "pack": "workplace", "scores": {"a": 3, "e": 0, "s": -1, "c": 1}, "date": null }"#.utf8))
        #expect(first.canonicalJSON() == second.canonicalJSON())
        let text = String(decoding: first.canonicalJSON(), as: UTF8.self)
        #expect(text == #"{"code":"POED","pack":"workplace","scores":{"a":3,"c":1,"e":0,"s":-1}}"#)
        let named = try QuizResult(jsonData: Data(#"{"scores":{"c":1,"s":-1,"e":0,"a":3},"nickname":"阿May"}"#.utf8))
        #expect(named.canonicalJSON() != first.canonicalJSON())
    }
}
