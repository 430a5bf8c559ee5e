import Foundation
import Testing

/// The schema's `$id` names the theme format it describes and stays put, so a theme
/// outside Themes/ (or a copy of the schema) is tied to one format; the docs say it.
@Suite struct ThemeSchemaIDTests {
    @Test func theSchemaIDNamesItsFormatAndIsDocumented() throws {
        let schema = try ThemeSchemaTests.loadSchema()
        let properties = try #require(schema["properties"] as? [String: Any])
        let format = try #require((properties["format"] as? [String: Any])?["const"] as? Int)
        let id = "https://nmti.example/schema/theme-\(format).json"
        #expect(schema["$id"] as? String == id)
        let docs = try String(contentsOf: ThemeSchemaTests.packageRoot.appendingPathComponent("docs/themes.md"), encoding: .utf8)
        #expect(docs.contains("`\(id)`"), "docs/themes.md should name the schema's $id")
    }
}
