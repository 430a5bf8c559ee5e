import Foundation
import Testing
@testable import NMTIDomain

/// Integers are judged from their JSON text, not from the Double the parser rounds to.
@Suite("Result integers from the JSON text")
struct JSONIntegerTextTests {
    @Test(arguments: [
        ("0", 0), ("-0", 0), ("-0.0", 0), ("2.0", 2), ("1e0", 1), ("1E+1", 10), ("-1e1", -10), ("1.50e1", 15),
        ("0.5e1", 5), ("9223372036854775807.0", Int.max), ("-9223372036854775808", Int.min),
        ("922337203685477580.7e1", Int.max), ("0.00000000000000000000001e23", 1),
    ])
    func wholeValuesAreIntegers(text: String, value: Int) throws {
        #expect(try JSONInteger.value(of: text) == value)
    }

    @Test(arguments: ["2.0000000000000001", "1e-1", "1e-400", "0.5", "-0.25", "9223372036854775807.5", "15e-1"])
    func fractionsAreRefusedEvenWhenTheyRoundToAnInteger(text: String) {
        #expect(throws: JSONInteger.Refusal.fraction) { try JSONInteger.value(of: text) }
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "1e19", "1e30", "1e999999999999999999999"])
    func valuesBeyondIntAreRefused(text: String) {
        #expect(throws: JSONInteger.Refusal.outOfRange) { try JSONInteger.value(of: text) }
    }

    @Test func theScannerFindsEachNumberByPathWithTheLastDuplicateWinning() {
        let json = #"{"a": [1, {"b": 2.50}], "scores": {"c": 1.5, "x": "c: 9", "\u0063": 3.0}, "s\"q": -1e2, "scores2": 7}"#
        let numbers = JSONNumberText(Data(json.utf8))
        #expect(numbers.text(at: ["scores", "c"]) == "3.0")
        #expect(numbers.text(at: ["a", "[0]"]) == "1")
        #expect(numbers.text(at: ["a", "[1]", "b"]) == "2.50")
        #expect(numbers.text(at: ["s\"q"]) == "-1e2")
        #expect(numbers.text(at: ["scores2"]) == "7")
        #expect(numbers.text(at: ["scores", "x"]) == nil)
        // A later duplicate object replaces the earlier one's members, as JSONSerialization does.
        let replaced = JSONNumberText(Data(#"{"scores": {"c": 1.5, "e": 2}, "scores": {"c": 1}}"#.utf8))
        #expect(replaced.text(at: ["scores", "c"]) == "1")
        #expect(replaced.text(at: ["scores", "e"]) == nil)
    }

    @Test func aResultWhoseScoreRoundsToAnIntegerIsRefused() {
        let json = #"{"scores": {"c": 2.0000000000000001, "s": 1, "e": 1, "a": 1}}"#
        #expect(throws: ResultError(path: "scores.c", reason: "expected an integer, found 2.0000000000000001 (a fraction)")) {
            try QuizResult(jsonData: Data(json.utf8))
        }
    }
}
