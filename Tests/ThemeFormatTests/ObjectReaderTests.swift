import Testing
@testable import ThemeFormat

enum SampleAlign: String, CaseIterable {
    case left, center, right
}

/// Parses `text` and wraps it in a reader with fresh diagnostics for `theme.json5`.
func makeReader(_ text: String) throws -> (ObjectReader, Diagnostics) {
    let diagnostics = Diagnostics(file: "theme.json5")
    return (ObjectReader(try parseJSON5(text), diagnostics: diagnostics), diagnostics)
}

@Suite("Object reader")
struct ObjectReaderTests {
    @Test func collectsEveryProblemInOnePass() throws {
        let (r, diagnostics) = try makeReader("""
            {
              $schema: "theme.schema.json",
              "// note": "designers leave comments like this",
              canvas: {
                width: "abc",
                height: 9000,
                widht: 10,
              },
              name: "Summer",
              align: "centre",
              elements: [
                { type: "text", size: 2.5 },
                42,
                { size: 3 },
              ],
            }
            """)
        let canvas = try #require(r.object("canvas"))
        #expect(canvas.number("width", default: 375, range: 1...4096) == 375)
        #expect(canvas.number("height", default: 667, range: 1...4096) == 667)
        #expect(r.optionalString("name") == "Summer")
        #expect(r.enumeration("align", default: SampleAlign.left) == .left)
        let elements = try #require(r.objectArray("elements"))
        #expect(elements.map(\.path.description) == ["elements[0]", "elements[2]"])
        for element in elements {
            _ = element.requiredString("type", oneOf: ["text", "image", "qr"])
            _ = element.int("size", default: 1, range: 1...100)
        }
        r.finish()

        #expect(diagnostics.all.map(\.description) == [
            #"theme.json5:5:12: error: canvas.width: expected a number between 1 and 4096, found "abc""#,
            "theme.json5:6:13: error: canvas.height: expected a number between 1 and 4096, found 9000",
            #"theme.json5:10:10: error: align: unknown value "centre"; expected one of "left", "center", "right"; did you mean "center"?"#,
            "theme.json5:13:5: error: elements[1]: expected an object, found 42",
            "theme.json5:12:27: error: elements[0].size: expected a whole number between 1 and 100, found 2.5",
            #"theme.json5:14:5: error: elements[2]: missing required key "type" (expected one of "text", "image", "qr")"#,
            #"theme.json5:7:5: error: canvas.widht: unknown key "widht"; did you mean "width"?"#,
        ])
        #expect(diagnostics.errors.count == 7)
    }

    @Test func defaultsForAbsentAndNullKeys() throws {
        let (r, diagnostics) = try makeReader("{ name: null, flag: true, count: 3, ratio: 0.5, tags: ['a', 'b'] }")
        #expect(r.number("width", default: 375) == 375)
        #expect(r.string("name", default: "untitled") == "untitled")
        #expect(r.optionalString("missing") == nil)
        #expect(r.bool("flag", default: false) == true)
        #expect(r.int("count", default: 0) == 3)
        #expect(r.number("ratio", default: 1, range: 0...1) == 0.5)
        #expect(r.stringArray("tags") == ["a", "b"])
        #expect(r.numberArray("absent") == nil)
        #expect(r.object("absent") == nil && r.array("absent") == nil)
        r.finish()
        #expect(diagnostics.isEmpty)
    }

    @Test func typeMismatchesNameWhatWasFound() throws {
        let (r, diagnostics) = try makeReader("{ a: 'yes', b: [1], c: {}, d: 2.0, e: 1e3, f: 3 }")
        #expect(r.bool("a", default: true) == true)
        #expect(r.optionalString("b") == nil)
        #expect(r.array("c") == nil)
        #expect(r.int("d", default: 0) == 2)
        #expect(r.int("e", default: 0, range: 0...100) == 0)
        #expect(r.object("f") == nil)
        #expect(diagnostics.all.map(\.message) == [
            #"expected true or false, found "yes""#,
            "expected a string, found an array",
            "expected an array, found an object",
            "expected a whole number between 0 and 100, found 1000",
            "expected an object, found 3",
        ])
        #expect(diagnostics.all.map(\.path) == [["a"], ["b"], ["c"], ["e"], ["f"]])
    }

    @Test func openEndedRangesReadNaturally() throws {
        let (r, diagnostics) = try makeReader("{ gap: -1, shift: 5 }")
        _ = r.number("gap", default: 0, range: 0...(.infinity))
        _ = r.number("shift", default: 0, range: -.infinity...0)
        #expect(diagnostics.all.map(\.message) == ["expected a number of at least 0, found -1", "expected a number of at most 0, found 5"])
    }

    @Test func requiredKeysListWhatIsExpected() throws {
        let (r, diagnostics) = try makeReader("{\n  kind: 3\n}")
        #expect(r.requiredString("type") == "")
        #expect(r.requiredEnumeration("align", as: SampleAlign.self) == nil)
        #expect(r.requiredString("kind") == "")
        #expect(r.requiredObject("canvas") == nil)
        #expect(diagnostics.all.map(\.description) == [
            #"theme.json5:1:1: error: missing required key "type" (expected a string)"#,
            #"theme.json5:1:1: error: missing required key "align" (expected one of "left", "center", "right")"#,
            "theme.json5:2:9: error: kind: expected a string, found 3",
            #"theme.json5:1:1: error: missing required key "canvas" (expected an object)"#,
        ])
    }

    @Test func fixedCountArrays() throws {
        let (r, diagnostics) = try makeReader("{ padding: [1, 2, 3], color: [0, 0.5, 'x', 2], fonts: 'Inter', one: [1, 2] }")
        #expect(r.numberArray("padding", count: 4) == nil)
        #expect(r.numberArray("color", count: 4, range: 0...1) == nil)
        #expect(r.stringArray("fonts") == nil)
        #expect(r.numberArray("one", count: 1) == nil)
        #expect(diagnostics.all.map { "\($0.path): \($0.message)" } == [
            "padding: expected an array of 4 numbers, found 3 elements",
            #"color[2]: expected a number between 0 and 1, found "x""#,
            "color[3]: expected a number between 0 and 1, found 2",
            #"fonts: expected an array of strings, found "Inter""#,
            "one: expected an array of 1 number, found 2 elements",
        ])
    }

    @Test func unknownKeysIgnoreMetadataAndDeclaredKeys() throws {
        let (r, diagnostics) = try makeReader("{ $schema: 'x', '//': 'c', '// a': 1, legacy: 1, colr: 'red', zzz: 0 }")
        r.declare("legacy")
        _ = r.optionalString("color")
        r.finish(unknownKeySeverity: .warning)
        r.finish()  // a second call must not report twice
        #expect(diagnostics.all.map(\.description) == [
            #"theme.json5:1:50: warning: colr: unknown key "colr"; did you mean "color"?"#,
            #"theme.json5:1:63: warning: zzz: unknown key "zzz""#,
        ])
        #expect(!diagnostics.hasErrors)
    }

    @Test func nonObjectIsReportedOnceAndReadsFallBack() throws {
        let (r, diagnostics) = try makeReader("[1, 2]")
        #expect(!r.isObject)
        #expect(r.number("width", default: 10) == 10)
        #expect(r.requiredString("type") == "")
        r.finish()
        #expect(diagnostics.all.map(\.description) == ["theme.json5:1:1: error: expected an object, found an array"])
    }

    @Test func escapeHatchesAndCustomReports() throws {
        let (r, diagnostics) = try makeReader("{ color: '#FF8800', bad: '#XYZ', min: 5, max: 2, raw: [1] }")
        let hex: (JSONNode) -> UInt32? = { $0.stringValue.flatMap { $0.hasPrefix("#") ? UInt32($0.dropFirst(), radix: 16) : nil } }
        #expect(r.value("color", expected: "a colour like \"#RRGGBB\"", default: 0, hex) == 0xFF8800)
        #expect(r.value("bad", expected: "a colour like \"#RRGGBB\"", default: 0, hex) == 0)
        if r.int("min", default: 0) > r.int("max", default: 0) {
            r.report("must not be less than min", for: "max")
        }
        #expect(r.node(for: "raw")?.arrayValue?.count == 1)
        #expect(r.keyLocation(for: "raw") == JSONLocation(line: 1, column: 50))
        #expect(r.keys == ["color", "bad", "min", "max", "raw"] && r.contains("raw") && !r.contains("nope"))
        r.finish()
        #expect(diagnostics.all.map(\.description) == [
            ##"theme.json5:1:26: error: bad: expected a colour like "#RRGGBB", found "#XYZ""##,
            "theme.json5:1:47: error: max: must not be less than min",
        ])
    }

    @Test func nestedReadersAreFinishedWithTheirParent() throws {
        let (r, diagnostics) = try makeReader("{ canvas: { size: 1, sise: 2 }, items: [{ a: 1, b: 2 }] }")
        _ = r.object("canvas")?.number("size", default: 0)
        _ = r.objectArray("items")?.first?.int("a", default: 0)
        r.finish()
        #expect(diagnostics.all.map { "\($0.path): \($0.message)" } == [
            #"canvas.sise: unknown key "sise"; did you mean "size"?"#,
            #"items[0].b: unknown key "b""#,
        ])
    }
}
