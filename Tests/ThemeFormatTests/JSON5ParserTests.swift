import Foundation
import Testing
@testable import ThemeFormat

// Swift Testing has its own `SourceLocation`; this one is ours.
typealias JSONLocation = ThemeFormat.SourceLocation

/// Parses with default options, failing the test on a syntax error.
func parseJSON5(_ text: String, options: JSON5Parser.Options = .init()) throws -> JSONNode {
    try JSON5Parser(options: options).parse(text)
}

@Suite("JSON5 parser: features")
struct JSON5ParserTests {
    @Test func plainJSON() throws {
        let node = try parseJSON5(#"{"a": [1, 2.5, "x", true, false, null], "b": {}}"#)
        let items = try #require(node["a"]?.arrayValue)
        #expect(items.map(\.summary) == ["1", "2.5", "\"x\"", "true", "false", "null"])
        #expect(node["b"]?.members?.isEmpty == true)
    }

    @Test func comments() throws {
        let node = try parseJSON5("""
            // leading comment
            { /* inline */ a: 1, // trailing
              /* multi
                 line */ b: 2 /* before comma */, }
            // after
            """)
        #expect(node["a"]?.intValue == 1)
        #expect(node["b"]?.intValue == 2)
        #expect(node["b"]?.location == JSONLocation(line: 4, column: 17))
    }

    @Test func unquotedKeysKeepOrder() throws {
        let node = try parseJSON5(#"{ zeta: 1, $schema: "s", _private: 2, über: 3, a1: 4, \u0062c: 5, "q k": 6 }"#)
        #expect(node.members?.map(\.key) == ["zeta", "$schema", "_private", "über", "a1", "bc", "q k"])
    }

    @Test func stringsAndEscapes() throws {
        let node = try parseJSON5(#"""
            ['single "quoted"', "double 'quoted'", "tab\tnl\ncr\r", "\u00e9\x41", "\uD83D\uDE00",
             "\\ \/ \' \" \b\f\v\0", "contin\
            uation", "\q\-", "😀 é", 'it\'s']
            """#)
        let strings = try #require(node.arrayValue).map { $0.stringValue ?? "<not a string>" }
        #expect(strings == [
            #"single "quoted""#, "double 'quoted'", "tab\tnl\ncr\r", "éA", "😀",
            "\\ / ' \" \u{08}\u{0C}\u{0B}\u{00}", "continuation", "q-", "😀 é", "it's",
        ])
    }

    @Test func lineContinuationWithCRLF() throws {
        let node = try parseJSON5("\"a\\\r\nb\"")
        #expect(node.stringValue == "ab")
    }

    @Test func numbers() throws {
        let node = try parseJSON5("[0x1F, -0xff, .5, 5., +1, -2.5e3, 1e3, 1.0, 1.5, 0, -0, 12E-1, 9223372036854775808, -9223372036854775808]")
        let items = try #require(node.arrayValue)
        #expect(items.map(\.doubleValue) == [31, -255, 0.5, 5, 1, -2500, 1000, 1, 1.5, 0, 0, 1.2, 9_223_372_036_854_775_808, -9_223_372_036_854_775_808])
        #expect(items.map(\.intValue) == [31, -255, nil, 5, 1, -2500, 1000, 1, nil, 0, 0, nil, nil, Int.min])
    }

    @Test func exactIntegersComeFromDigitsNotDoubles() throws {
        // Rounds to 1.0 as a Double, but is not the integer 1.
        #expect(try parseJSON5("1.0000000000000000001").intValue == nil)
        #expect(try parseJSON5("9007199254740993").intValue == 9_007_199_254_740_993)
        #expect(try parseJSON5("0.000e5").intValue == 0)
    }

    @Test func trailingCommas() throws {
        #expect(try parseJSON5("[1, 2, ]").arrayValue?.count == 2)
        #expect(try parseJSON5("{a: 1, b: [ {}, ], }").members?.count == 2)
    }

    @Test func nonFiniteNumbersAreOptIn() throws {
        let lenient = JSON5Parser.Options(allowsNonFiniteNumbers: true)
        let node = try parseJSON5("[Infinity, -Infinity, +Infinity, NaN, -NaN]", options: lenient)
        let values = try #require(node.arrayValue).compactMap(\.doubleValue)
        #expect(values[0] == .infinity && values[1] == -.infinity && values[2] == .infinity)
        #expect(values[3].isNaN && values[4].isNaN)
        #expect(throws: JSON5SyntaxError(location: JSONLocation(line: 1, column: 5), message: "Infinity is not allowed; use a finite number")) {
            try parseJSON5("[1, Infinity]")
        }
        #expect(throws: JSON5SyntaxError(location: JSONLocation(line: 1, column: 4), message: "NaN is not allowed; use a finite number")) {
            try parseJSON5("{a:-NaN}")
        }
    }

    @Test func locationsOfNestedValues() throws {
        let node = try parseJSON5("""
            {
              canvas: { width: 1080 },
              elements: [
                { type: "text", font: { size: 48 } },
              ],
            }
            """)
        #expect(node.location == JSONLocation(line: 1, column: 1))
        let size = try #require(JSONPath(["elements", 0, "font", "size"]).resolve(in: node))
        #expect(size.intValue == 48)
        #expect(size.location == JSONLocation(line: 4, column: 35))
        let element = try #require(node["elements"]?[0])
        #expect(element.location == JSONLocation(line: 4, column: 5))
        let font = try #require(element.members?.first { $0.key == "font" })
        #expect(font.keyLocation == JSONLocation(line: 4, column: 21))
        #expect(node["canvas"]?["width"]?.location == JSONLocation(line: 2, column: 20))
    }

    @Test func columnsCountCharactersAndLinesCountCRLF() throws {
        let node = try parseJSON5("{\r\n  \"é😀\": 1,\r\n\tb: 2 }")
        #expect(node["é😀"]?.location == JSONLocation(line: 2, column: 9))
        #expect(node["b"]?.location == JSONLocation(line: 3, column: 5))
        // A lone CR is a line break too (old Mac files).
        #expect(try parseJSON5("[\r1]")[0]?.location == JSONLocation(line: 2, column: 1))
    }

    @Test func unicodeWhitespaceAndByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\u{00A0}a:\u{2028}1\u{3000}}".utf8)
        let node = try JSON5Parser().parse(bytes)
        #expect(node["a"]?.intValue == 1)
        // Editors hide the mark, so it must not shift columns.
        #expect(node.location == JSONLocation(line: 1, column: 1))
    }

    @Test func dataInput() throws {
        let node = try JSON5Parser().parse(Data("{ok: true}".utf8))
        #expect(node["ok"]?.boolValue == true)
    }

    @Test func depthLimitIsExact() throws {
        let options = JSON5Parser.Options(maxDepth: 3)
        #expect(try parseJSON5("[[[1]]]", options: options)[0]?[0]?[0]?.intValue == 1)
        #expect(try parseJSON5("{a: {b: {}}}", options: options)["a"]?["b"]?.members?.isEmpty == true)
        #expect(throws: JSON5SyntaxError(location: JSONLocation(line: 1, column: 4), message: "nesting is too deep: more than 3 levels of '{' and '['")) {
            try parseJSON5("[[[[]]]]", options: options)
        }
    }

    @Test func largeFlatArrayIsLinear() throws {
        let text = "[" + Array(repeating: "1", count: 100_000).joined(separator: ",") + "]"
        #expect(try parseJSON5(text).arrayValue?.count == 100_000)
    }

    @Test func parsingIntoDiagnostics() {
        let diagnostics = Diagnostics(file: "theme.json5")
        #expect(JSON5Parser().parse(Data("{a: }".utf8), reportingTo: diagnostics) == nil)
        #expect(diagnostics.description == "theme.json5:1:5: error: expected a value, found '}'")
    }
}
