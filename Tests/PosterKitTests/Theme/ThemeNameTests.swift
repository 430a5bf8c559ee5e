import Foundation
import Testing
import TestSupport
@testable import PosterKit

/// Theme names follow `ThemeName.pattern`, checked at load with the JSON path `name`;
/// a theme without a name is held to the same rule through its folder's name.
@Suite("Theme names")
struct ThemeNameTests {
    @Test(arguments: ["classic", "my-theme_2", "v1.2", "A", String(repeating: "a", count: 64), "0x"])
    func safeNamesAreAccepted(name: String) {
        #expect(ThemeName.problem(with: name) == nil)
    }

    @Test(arguments: ["", "..", ".", "../x", "a/b", "a\\b", "a..b", "-x", ".hidden", "_x", "a b", "javascript:x",
                      "名字", "a\u{1B}b", "a\nb", "a\u{202E}b", String(repeating: "a", count: 65)])
    func unsafeNamesAreRefused(name: String) {
        #expect(ThemeName.problem(with: name) != nil, "\(name.debugDescription)")
    }

    @Test func aFolderNameThatIsNotSafeNeedsAName() throws {
        let parent = try TestScratch.folder("names")
        let folder = parent.appendingPathComponent("my theme")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #"{ elements: [ { type: "text", x: 1, y: 1, text: "x" } ] }"#
            .write(to: folder.appendingPathComponent("theme.json5"), atomically: false, encoding: .utf8)
        do {
            _ = try Theme.load(from: folder)
            Issue.record("loaded a theme named 'my theme'")
        } catch {
            #expect(error.diagnostics.map(\.path.description) == ["name"])
            #expect(error.diagnostics.first?.message.contains("(the folder's name, as the theme sets no 'name')") == true)
        }
        try #"{ name: "mine", elements: [ { type: "text", x: 1, y: 1, text: "x" } ] }"#
            .write(to: folder.appendingPathComponent("theme.json5"), atomically: false, encoding: .utf8)
        #expect(try Theme.load(from: folder).name == "mine")
    }
}
