import Foundation
import Testing
@testable import NMTIDomain

@Suite("Result decoding")
struct ResultDecodingTests {
    private func decode(_ json: String, file: String? = nil) throws(ResultError) -> QuizResult {
        try QuizResult(jsonData: Data(json.utf8), file: file)
    }

    @Test func legacyResultsWithoutAPackAreWorkplace() throws {
        let result = try decode(#"{"code": "POOM", "scores": {"c": 5, "s": -3, "e": -8, "a": -2}}"#)
        #expect(result.pack == .workplace)
        #expect(result.code.rawValue == "POOM")
        #expect(result.nickname == nil && result.fromCode == nil && !result.isInvited)
    }

    @Test(arguments: [
        ("WORK", "POOM"), ("work", "POOM"), ("Hexa", "PRED"), ("pred", "PRED"), ("NULL", "DOOM"), ("VAMP", "DROD"),
    ])
    func statedCodesMayBeAliasesInAnyCase(stated: String, canonical: String) throws {
        let code = PersonalityCode(canonical)!
        let sign = { (dimension: NMTIDomain.Dimension) in code.pole(on: dimension).isPositive ? 3 : -3 }
        let json = """
            {"code": "\(stated)", "fromCode": "\(stated)",
             "scores": {"c": \(sign(.c)), "s": \(sign(.s)), "e": \(sign(.e)), "a": \(sign(.a))}}
            """
        let result = try decode(json)
        #expect(result.code == code)
        #expect(result.fromCode == code)
    }

    @Test func everyFieldIsRead() throws {
        let result = try decode("""
            {"pack": "student", "code": "DREM", "scores": {"c": -4, "s": 7, "e": 3, "a": -6},
             "nickname": "阿May", "fromCode": "HEXA", "fromNickname": "老板", "id": "r-1", "date": "2024-06-01"}
            """)
        #expect(result == QuizResult(
            scores: DimensionScores(c: -4, s: 7, e: 3, a: -6), pack: .student, nickname: "阿May",
            fromCode: PersonalityCode("PRED"), fromNickname: "老板", id: "r-1", date: "2024-06-01"))
        #expect(result.isInvited)
    }

    @Test func unknownFieldsNullsAndEmptyNicknamesAreIgnored() throws {
        let result = try decode("""
            {"scores": {"c": 1, "s": 2, "e": 3, "a": 4, "x": "ignored"}, "answers": [1, [2]], "meta": {"a": null},
             "nickname": "", "fromCode": null, "fromNickname": null, "pack": null, "code": null, "future": true}
            """)
        #expect(result == QuizResult(scores: DimensionScores(c: 1, s: 2, e: 3, a: 4)))
    }

    @Test func integralNumbersAndTheWholeIntRangeAreAccepted() throws {
        let result = try decode(#"{"scores": {"c": 2.0, "s": -1e1, "e": 9223372036854775807, "a": -9223372036854775808}}"#)
        #expect(result.scores == DimensionScores(c: 2, s: -10, e: Int.max, a: Int.min))
        let readings = ResolvedResult(result).dimensionReadings
        #expect(readings.map(\.percent) == [17, 83, 100, 100])
    }

    /// Bad documents, the JSON path each must be blamed on ("" for the whole document), and a phrase of the reason.
    static let badDocuments: [(String, String, String)] = [
        ("", "", "empty file"),
        ("   \n", "", "not valid JSON"),
        (#"{"scores": {"c": 1,, "s": 2}}"#, "", "not valid JSON"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}} []"#, "", "not valid JSON"),
        (#"[{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}}]"#, "", "expected an object, found an array"),
        ("42", "", "expected an object, found 42"),
        ("null", "", "expected an object, found null"),
        (#"{"pack": "student"}"#, "scores", "missing; expected an object with integer fields c, s, e and a"),
        (#"{"scores": null}"#, "scores", "found null"),
        (#"{"scores": "PRED"}"#, "scores", "found a string"),
        (#"{"scores": {"c": "1", "s": 2, "e": 3, "a": 4}}"#, "scores.c", "expected an integer, found a string"),
        (#"{"scores": {"c": 1.5, "s": 2, "e": 3, "a": 4}}"#, "scores.c", "expected an integer, found 1.5 (a fraction)"),
        (#"{"scores": {"c": 1e30, "s": 2, "e": 3, "a": 4}}"#, "scores.c", "beyond the integer range"),
        (#"{"scores": {"c": 1, "s": 9223372036854775808, "e": 3, "a": 4}}"#, "scores.s", "beyond the integer range"),
        (#"{"scores": {"c": 1, "s": false, "e": 3, "a": 4}}"#, "scores.s", "expected an integer, found false"),
        (#"{"scores": {"c": 1, "s": 2, "e": [3], "a": 4}}"#, "scores.e", "expected an integer, found an array"),
        (#"{"scores": {"c": 1, "s": 2, "a": 4}}"#, "scores.e", "missing; expected an integer"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": null}}"#, "scores.a", "expected an integer, found null"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "pack": "office"}"#, "pack", "unknown pack 'office'"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "pack": {}}"#, "pack", "expected a string, found an object"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "code": "DOOM"}"#, "code", "'DOOM' disagrees with the scores, which give PRED (六边形悍匪)"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "code": "ABCD"}"#, "code", "'ABCD' is not a personality code"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "code": 7}"#, "code", "expected a string, found 7"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "fromCode": "BOSSY"}"#, "fromCode", "'BOSSY' is not a personality code"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "nickname": 5}"#, "nickname", "expected a string, found 5"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "fromNickname": []}"#, "fromNickname", "found an array"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "id": 12}"#, "id", "expected a string, found 12"),
        (#"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}, "date": true}"#, "date", "expected a string, found true"),
        ("{\"scores\": {\"c\": 1, \"s\": 2, \"e\": 3, \"a\": 4}, \"nickname\": \"a\u{1}b\"}", "", "unescaped control character"),
        ("{\"scores\": {\"c\": 1, \"s\": 2, \"e\": 3, \"a\": 4}, \"nickname\": \"第一行\n第二行\"}", "", "unescaped control character"),
    ]

    @Test(arguments: badDocuments)
    func badDocumentsNameThePath(json: String, path: String, phrase: String) {
        let error = #expect(throws: ResultError.self) { try decode(json, file: "bad.json") }
        #expect(error?.path == path)
        #expect(error?.file == "bad.json")
        #expect(error?.reason.contains(phrase) == true, "\(error?.reason ?? "")")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func invalidUTF8IsReportedWithItsOffset() {
        let bytes: [UInt8] = Array(#"{"nickname": "小"#.utf8) + [0xFF, 0x22, 0x7D]
        let error = #expect(throws: ResultError.self) { try QuizResult(jsonData: Data(bytes)) }
        #expect(error?.path == "")
        #expect(error?.reason == "invalid UTF-8 at byte 17")
        let truncated = #expect(throws: ResultError.self) { try QuizResult(jsonData: Data([0x22, 0xE4, 0xB8])) }
        #expect(truncated?.reason == "invalid UTF-8 at byte 1")
    }

    @Test func utf16IsRejectedRatherThanGuessed() {
        let data = #"{"scores": {"c": 1, "s": 2, "e": 3, "a": 4}}"#.data(using: .utf16LittleEndian)!
        let error = #expect(throws: ResultError.self) { try QuizResult(jsonData: data) }
        #expect(error?.reason.contains("NUL byte") == true)
    }

    @Test func hugeAndDeeplyNestedDocumentsAreRejectedWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let huge = #expect(throws: ResultError.self) { try decode(deep) }
        #expect(huge?.reason == "document is 200000 bytes; the limit is 65536")
        let within = "{\"scores\": " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000) + "}"
        let nested = #expect(throws: ResultError.self) { try decode(within) }
        #expect(nested?.path == "")
        #expect(nested?.reason.contains("too many nested") == true)
    }

    @Test func descriptionsJoinFilePathAndReason() {
        #expect(ResultError(file: "a.json", path: "scores.c", reason: "r").description == "a.json: scores.c: r")
        #expect(ResultError(file: "a.json", path: "", reason: "r").description == "a.json: $: r")
        #expect(ResultError(path: "pack", reason: "r").description == "pack: r")
    }
}

extension ResultDecodingTests {
    /// C0 and C1 controls in a nickname are refused with its path: drawing used to cut the
    /// text at a NUL without a note. Line breaks and tabs are text and stay.
    @Test(arguments: ["\\u0000", "\\u0001", "\\u0008", "\\u000b", "\\u001b", "\\u001f", "\\u007f", "\\u0080", "\\u0085", "\\u009f"])
    func controlCharactersInNicknamesAreRefused(escape: String) {
        for field in ["nickname", "fromNickname"] {
            let json = #"{"scores":{"c":1,"s":1,"e":1,"a":1},"fromCode":"PRED","\#(field)":"a\#(escape)b"}"#
            let error = #expect(throws: ResultError.self, "\(field) \(escape)") { try QuizResult(jsonData: Data(json.utf8)) }
            #expect(error?.path == field)
            #expect(error?.reason.hasPrefix("holds the control character U+") == true, "\(String(describing: error))")
        }
    }

    @Test func lineBreaksAndTabsInNicknamesAreKept() throws {
        let json = #"{"scores":{"c":1,"s":1,"e":1,"a":1},"nickname":"a\nb\tc\r\nd","fromCode":"PRED","fromNickname":"\t"}"#
        let result = try QuizResult(jsonData: Data(json.utf8))
        #expect(result.nickname == "a\nb\tc\r\nd" && result.fromNickname == "\t")
    }

    /// The service's messages: what was wrong, without the codes or packs the document wrote.
    @Test func reasonsWithoutInputQuoteNoValue() {
        let cases = [
            (#"{"scores":{"c":1,"s":1,"e":1,"a":1},"code":"加微信"}"#, "code", "not a personality code (such as PRED) or alias (such as WORK)"),
            (#"{"scores":{"c":1,"s":1,"e":1,"a":1},"fromCode":"加微信"}"#, "fromCode", "not a personality code (such as PRED) or alias (such as WORK)"),
            (#"{"scores":{"c":1,"s":1,"e":1,"a":1},"pack":"加微信"}"#, "pack", "unknown pack; expected workplace or student"),
            (#"{"scores":{"c":1,"s":1,"e":1,"a":1},"code":"DOOM"}"#, "code", "the code disagrees with the scores, which give PRED (六边形悍匪)"),
            (#"{"scores":{"c":1,"s":1,"e":1,"a":1},"fromCode":"DOOM","fromScores":{"c":1,"s":1,"e":1,"a":1}}"#, "fromCode",
             "the code disagrees with fromScores, which give PRED (六边形悍匪)"),
            (#"{"scores":{"c":1.5,"s":1,"e":1,"a":1}}"#, "scores.c", "expected an integer, found 1.5 (a fraction)"),
        ]
        for (json, path, reason) in cases {
            let error = #expect(throws: ResultError.self) { try QuizResult(jsonData: Data(json.utf8)) }
            #expect(error?.path == path && error?.reasonWithoutInput == reason, "\(String(describing: error))")
        }
    }
}
