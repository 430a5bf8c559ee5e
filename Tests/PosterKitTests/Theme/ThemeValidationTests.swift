import Foundation
import Testing
import TestSupport
@testable import PosterKit

/// Writes a theme folder in a fresh temporary directory.
func makeTheme(_ json5: String, files: [String: String] = [:]) throws -> URL {
    let folder = try TestScratch.folder("theme")
    try json5.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
    for (name, contents) in files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder
}

func loadErrors(_ json5: String, files: [String: String] = [:]) throws -> [Diagnostic] {
    let folder = try makeTheme(json5, files: files)
    do {
        _ = try Theme.load(from: folder)
        return []
    } catch {
        return error.diagnostics
    }
}

@Suite struct ThemeValidationTests {
    @Test func listsEveryProblemWithPathAndLine() throws {
        let errors = try loadErrors("""
            {
              canvas: { width: 375, height: 99999 },
              elements: [
                { type: "txt", text: "hi" },
                { type: "text", text: "{titel}", color: "red", size: -3 },
                { type: "shape", fill: "#12345", widht: 10 },
                { type: "qr", when: "invited &&" },
              ],
            }
            """)
        let messages = errors.map(\.description)
        #expect(errors.count >= 7, "\(messages)")
        func has(_ path: String, _ fragment: String, line: Int) {
            #expect(errors.contains { $0.path.description == path && $0.message.contains(fragment) && $0.location?.line == line },
                    "missing \(path) \(fragment) on line \(line): \(messages)")
        }
        has("canvas.height", "2048", line: 2)
        has("elements[0].type", "known types: dimensions, filler, group, image, qr, row, shape, stack, text", line: 4)
        has("elements[1].text", "unknown placeholder {titel}; did you mean {title}?", line: 5)
        has("elements[1].color", "not a colour", line: 5)
        has("elements[1].size", "between", line: 5)
        has("elements[2].fill", "not a colour", line: 6)
        has("elements[2].widht", "width", line: 6)
        has("elements[3].when", "condition", line: 7)
        #expect(messages.allSatisfy { $0.contains("theme.json5:") })
    }

    @Test func syntaxErrorsNameTheLine() throws {
        let errors = try loadErrors("{\n  elements: [\n    { type: \"text\" text: \"x\" },\n  ]\n}")
        #expect(errors.count == 1)
        #expect(errors.first?.location?.line == 3)
    }

    @Test func assetPathsMustStayInsideTheThemeFolder() throws {
        let outside = try TestScratch.folder("outside").appendingPathComponent("outside.svg")
        try "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".write(to: outside, atomically: true, encoding: .utf8)
        let folder = try makeTheme("""
            { elements: [
              { type: "image", src: "../secret.svg", width: 10 },
              { type: "image", src: "/etc/passwd", width: 10 },
              { type: "image", src: "link.svg", width: 10 },
              { type: "image", src: "missing.png", width: 10 },
              { type: "image", src: "{nickname}.png", width: 10 },
            ] }
            """)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.svg"), withDestinationURL: outside)
        let errors: [Diagnostic]
        do {
            _ = try Theme.load(from: folder)
            errors = []
        } catch {
            errors = error.diagnostics
        }
        let text = errors.map(\.description).joined(separator: "\n")
        #expect(text.contains("elements[0].src") && text.contains("no '..'"))
        #expect(text.contains("elements[1].src"))
        #expect(text.contains("elements[2].src") && text.contains("outside the theme folder"))
        #expect(text.contains("elements[3].src") && text.contains("no such file"))
        #expect(text.contains("elements[4].src") && text.contains("{nickname} cannot be used in asset paths"))
    }

    @Test func variableCyclesAndBadOverridesAreErrors() throws {
        let errors = try loadErrors("""
            { variables: {
                a: "{b}", b: { default: "{a}", byCode: { XXXX: "#fff" }, byPack: { teacher: "#000" } },
                title: "#fff",
              },
              elements: [ { type: "shape", fill: "{a}", width: 10, height: 10 } ] }
            """)
        let text = errors.map(\.description).joined(separator: "\n")
        #expect(text.contains("cycle"))
        #expect(text.contains("'XXXX' is not a personality code"))
        #expect(text.contains("'teacher' is not a pack"))
        #expect(text.contains("hide the built-in placeholder {title}"))
    }

    @Test func boundColoursAreCheckedForAll32Variants() throws {
        let errors = try loadErrors("""
            { variables: { accent: { default: "#FF0000", byCode: { DOOM: "blue" } } },
              elements: [ { type: "shape", fill: "{accent}", width: 10, height: 10 } ] }
            """)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("'blue' is not a colour (for workplace DOOM)") == true)
    }

    @Test func tooManyElementsIsAnError() throws {
        let shapes = Array(repeating: "{ type: \"shape\", fill: \"#000\" }", count: ThemeLimits.maximumElements + 5)
        let errors = try loadErrors("{ elements: [\(shapes.joined(separator: ","))] }")
        #expect(errors.contains { $0.message.contains("more than \(ThemeLimits.maximumElements) elements") })
    }

    @Test func unpinnedFontIsAnError() throws {
        let errors = try loadErrors("{ elements: [ { type: \"text\", text: \"x\", font: \"Comic Sans MS\" } ] }")
        #expect(errors.first?.message.contains("font 'Comic Sans MS' is not pinned") == true)
    }

    @Test func aValidThemeLoadsWithVariablesResolvedPerVariant() throws {
        let folder = try makeTheme("""
            { canvas: { width: 100, height: 50, background: "{bg}" },
              variables: { bg: { default: "#FFFFFF", byCode: { WORK: "#000000" }, byPack: { student: "#EEEEEE" } },
                           art: "art/{code}.svg" },
              elements: [ { type: "image", src: "{art}", width: 10, height: 10 } ] }
            """, files: Dictionary(uniqueKeysWithValues: PersonalityCodeList.all.map {
                ("art/\($0).svg", "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10'/></svg>")
            }))
        let theme = try Theme.load(from: folder)
        #expect(theme.assets.count == 16)
        #expect(theme.canvasSize.width == 100)
        let names = theme.variables.map(\.name)
        #expect(Set(names) == ["bg", "art"])
    }
}

import NMTIDomain
enum PersonalityCodeList {
    static var all: [String] { PersonalityCode.all.map(\.rawValue) }
}
