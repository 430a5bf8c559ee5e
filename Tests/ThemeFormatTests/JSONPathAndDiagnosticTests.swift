import Testing
@testable import ThemeFormat

@Suite("JSON paths and diagnostics")
struct JSONPathAndDiagnosticTests {
    @Test func pathDescriptions() {
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath(["elements", 3, "font", "size"]).description == "elements[3].font.size")
        #expect(JSONPath(["variables", "my key"]).description == #"variables["my key"]"#)
        #expect(JSONPath(["my key", "x"]).description == #"["my key"].x"#)
        #expect(JSONPath([0, "a", 1, 2]).description == "[0].a[1][2]")
        #expect(JSONPath(["$schema", "_x1", "über"]).description == "$schema._x1.über")
        #expect(JSONPath(["1st", "a-b", "", "q\"\\\n"]).description == #"["1st"]["a-b"][""]["q\"\\\n"]"#)
    }

    @Test func pathBuilding() {
        let path = JSONPath.root.appending("elements").appending(2).appending(.key("font"))
        #expect(path == ["elements", 2, "font"])
        #expect(path.parent == ["elements", 2])
        #expect(JSONPath.root.parent == nil)
        #expect(path.isRoot == false && JSONPath.root.isRoot)
    }

    @Test func pathResolution() throws {
        let node = try parseJSON5("{a: [{b: 1}, {c: [true]}]}")
        #expect(JSONPath(["a", 1, "c", 0]).resolve(in: node)?.boolValue == true)
        #expect(JSONPath(["a", 5]).resolve(in: node) == nil)
        #expect(JSONPath(["a", "b"]).resolve(in: node) == nil)
        #expect(JSONPath.root.resolve(in: node) == node)
    }

    @Test func diagnosticFormatting() {
        let location = JSONLocation(line: 12, column: 7)
        let path: JSONPath = ["canvas", "width"]
        #expect(Diagnostic(file: "t.json5", path: path, location: location, message: "m").description
            == "t.json5:12:7: error: canvas.width: m")
        #expect(Diagnostic(path: path, location: location, message: "m", severity: .warning).description
            == "12:7: warning: canvas.width: m")
        #expect(Diagnostic(file: "t.json5", path: path, message: "m").description == "t.json5: error: canvas.width: m")
        #expect(Diagnostic(message: "m").description == "error: m")
        #expect(Diagnostic(file: "t.json5", location: location, message: "m").description == "t.json5:12:7: error: m")
    }

    @Test func syntaxErrorsBecomeDiagnostics() throws {
        let error = try #require(json5SyntaxError("[1 2]"))
        #expect(Diagnostic(error, file: "a.json5").description
            == "a.json5:1:4: error: expected ',' or ']' after array element, found '2'")
    }

    @Test func collectionStampsFileAndSortsByLocation() {
        let diagnostics = Diagnostics(file: "theme.json5")
        diagnostics.error("late", path: ["b"], location: JSONLocation(line: 9, column: 1))
        diagnostics.warning("early", path: ["a"], location: JSONLocation(line: 2, column: 5))
        diagnostics.append(Diagnostic(file: "other.json5", message: "no location"))
        #expect(diagnostics.count == 3)
        #expect(diagnostics.errors.count == 2 && diagnostics.warnings.count == 1)
        #expect(diagnostics.hasErrors && !diagnostics.isEmpty)
        #expect(diagnostics.all.map(\.message) == ["late", "early", "no location"])
        #expect(diagnostics.map(\.file) == ["theme.json5", "theme.json5", "other.json5"])
        #expect(diagnostics.description == """
            other.json5: error: no location
            theme.json5:2:5: warning: a: early
            theme.json5:9:1: error: b: late
            """)
    }

    @Test func warningsAloneAreNotErrors() {
        let diagnostics = Diagnostics()
        diagnostics.warning("hmm")
        #expect(!diagnostics.hasErrors && diagnostics.count == 1)
        #expect(Diagnostic.Severity.warning < .error)
    }

    @Test func collectionIsSafeToShareAcrossTasks() async {
        let diagnostics = Diagnostics()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { diagnostics.error("problem \(index)") }
            }
        }
        #expect(diagnostics.count == 100)
    }

    @Test func suggestionsToleratesCommonTypos() {
        let known = ["width", "height", "background", "fontSize", "align"]
        #expect(ObjectReader.suggestion(for: "widht", among: known) == "width")
        #expect(ObjectReader.suggestion(for: "heigth", among: known) == "height")
        #expect(ObjectReader.suggestion(for: "fontsize", among: known) == "fontSize")
        #expect(ObjectReader.suggestion(for: "backgroud", among: known) == "background")
        #expect(ObjectReader.suggestion(for: "colour", among: known) == nil)
        #expect(ObjectReader.suggestion(for: "x", among: known) == nil)
        #expect(Spelling.distance("kitten", "sitting") == 3)
        #expect(Spelling.distance("", "abc") == 3)
    }
}
