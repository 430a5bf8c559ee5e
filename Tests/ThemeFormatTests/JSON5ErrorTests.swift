import Foundation
import Testing
import TestSupport
@testable import ThemeFormat

/// The syntax error for `bytes`, or nil if they parse.
func json5SyntaxError(_ bytes: [UInt8], options: JSON5Parser.Options = .init()) -> JSON5SyntaxError? {
    do {
        _ = try JSON5Parser(options: options).parse(bytes)
        return nil
    } catch {
        return error
    }
}

func json5SyntaxError(_ text: String, options: JSON5Parser.Options = .init()) -> JSON5SyntaxError? {
    json5SyntaxError(Array(text.utf8), options: options)
}

@Suite("JSON5 parser: errors")
struct JSON5ErrorTests {
    /// Input, expected line, column and message of the error.
    static let cases: [(String, Int, Int, String)] = [
        ("{\n  \"title\": \"Hello\n}", 2, 12,
         "unterminated string: the closing \" is missing before the end of the line (write \\n for a line break)"),
        ("[1, 'abc", 1, 5, "unterminated string: the closing ' is missing"),
        ("{\n  /* note\n  a: 1 }", 2, 3, "unterminated comment: '/*' is never closed with '*/'"),
        ("{\n  width: 1\n  \"title\": 2\n}", 3, 3, "expected ',' or '}' after object member, found '\"title\"'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after array element, found '2'"),
        ("{\n  a: 1,\n  \"a\": 2 }", 3, 3, "duplicate key \"a\" on line 3; it is already defined on line 2"),
        ("\"bell\u{07}\"", 1, 6, "control character U+0007 in a string; write it as an escape such as \\t"),
        ("{a: 1} }", 1, 8, "unexpected '}' after the end of the document"),
        ("{a: 1}\n{b: 2}", 2, 1, "unexpected '{' after the end of the document"),
        ("", 1, 1, "the document is empty; expected a value such as { … }"),
        ("  // only a comment\n", 2, 1, "the document is empty; expected a value such as { … }"),
        ("{a 1}", 1, 4, "expected ':' after key \"a\", found '1'"),
        ("{align: left}", 1, 9, "unexpected word 'left'; text values must be quoted, e.g. \"left\""),
        ("{size: 12px}", 1, 8, "invalid number '12px'"),
        ("[012]", 1, 2, "invalid number '012': numbers cannot start with 0"),
        ("[1e]", 1, 2, "invalid number '1e': the exponent needs digits"),
        ("[0x]", 1, 2, "invalid number '0x'"),
        ("[1,,2]", 1, 4, "expected a value, found ','"),
        ("{\n  a: [1, 2\n", 3, 1, "unexpected end of input: the '[' on line 2, column 6 is never closed"),
        ("{\"a\": 1,", 1, 9, "unexpected end of input: the '{' on line 1, column 1 is never closed"),
        ("{1: 2}", 1, 2, "expected a key (a name or a quoted string), found '1'"),
        ("\"\\uD800x\"", 1, 2,
         "unpaired surrogate '\\uD800'; characters above U+FFFF need a high and a low surrogate escape, e.g. \\uD83D\\uDE00"),
        ("\"\\x4g\"", 1, 2, "invalid escape: \\x must be followed by 2 hexadecimal digits"),
        ("\"\\07\"", 1, 2, "invalid escape '\\07': \\0 cannot be followed by a digit"),
        ("[1e999]", 1, 2, "number is too large"),
        ("{a: 1 / 2}", 1, 7, "expected ',' or '}' after object member, found '/'"),
    ]

    @Test(arguments: cases.indices)
    func malformedInput(_ index: Int) throws {
        let (input, line, column, message) = Self.cases[index]
        let error = try #require(json5SyntaxError(input), "parsed: \(input.debugDescription)")
        #expect(error.message == message)
        #expect(error.location == JSONLocation(line: line, column: column))
    }

    @Test func invalidUTF8IsReportedWhereItIs() throws {
        let bytes = Array("{\n  \"é\": \"x".utf8) + [0xFF] + Array("\"}".utf8)
        let error = try #require(json5SyntaxError(bytes))
        #expect(error.message == "invalid UTF-8 byte 0xFF; save the file with UTF-8 encoding")
        #expect(error.location == JSONLocation(line: 2, column: 10))
        // Overlong encodings, surrogates and truncated sequences are all invalid.
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(json5SyntaxError([0x22] + bad + [0x22])?.location == JSONLocation(line: 1, column: 2))
        }
    }

    @Test func hundredThousandOpenBracketsFailWithoutOverflow() throws {
        let error = try #require(json5SyntaxError(String(repeating: "[", count: 100_000)))
        #expect(error.message == "nesting is too deep: more than 64 levels of '{' and '['")
        #expect(error.location == JSONLocation(line: 1, column: 65))
        let objects = String(repeating: "{a:", count: 100_000)
        #expect(json5SyntaxError(objects)?.location == JSONLocation(line: 1, column: 193))
    }

    @Test func deepNestingWithinARaisedLimitStaysIterative() throws {
        let depth = 5_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(json5SyntaxError(text, options: .init(maxDepth: depth)) == nil)
    }

    @Test func sizeLimit() throws {
        let error = try #require(json5SyntaxError("[1, 2, 3, 4]", options: .init(maxSize: 10)))
        #expect(error.message == "the document is too large: 12 bytes, the limit is 10 bytes")
        #expect(throws: JSON5SyntaxError.self) {
            try JSON5Parser(options: .init(maxSize: 4)).parse(Data("[1, 2]".utf8))
        }
    }

    @Test func errorDescriptionIsLineColonColumn() {
        #expect(json5SyntaxError("[1 2]")?.description == "1:4: expected ',' or ']' after array element, found '2'")
    }

    static let fuzzSeed = """
        // Poster theme
        {
          $schema: 'https://example.com/theme.schema.json',
          name: "Summer \\u2600 \\uD83C\\uDF1E",
          canvas: { width: 1080, height: 0x780, scale: +1.5, margin: .25, },
          /* palette */
          colors: ['#FFAA00', "#00\\x41FF", 'it\\'s'],
          elements: [
            { type: "text", text: "line one\\
        line two", font: { size: 48, weight: 7e2 } },
            { type: 'qr', size: -12.5e-1, flags: [true, false, null] },
          ],
        }
        """

    @Test func randomMutationsNeverCrash() throws {
        let original = Array(Self.fuzzSeed.utf8)
        #expect(json5SyntaxError(original) == nil)
        let tokens: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "'", "/*", "//", "*/", "\\", "\\u", "\\uD83D",
                                 "\n", "\r", "0x", "-", ".", "e", "Infinity", "\u{2028}", "\u{FEFF}"].map { Array($0.utf8) }
            + [[0xFF], [0xC3], [0xE2, 0x80], [0x00], [0x07]]
        var random = SplitMix64(state: 0x5EED_2024)
        var failures = 0
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1 where position < bytes.count: bytes.remove(at: position)
                case 2: bytes.insert(contentsOf: tokens.randomElement(using: &random)!, at: position)
                case 3: bytes.removeSubrange(position...)
                default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
                }
            }
            if let error = json5SyntaxError(bytes) {
                failures += 1
                let lines = bytes.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
                #expect(error.location.line >= 1 && error.location.line <= lines)
                #expect(error.location.column >= 1 && !error.message.isEmpty)
            }
        }
        // Most mutations break the document; some (inside strings or comments) do not.
        #expect(failures > 1_000 && failures < 2_000)
    }
}
