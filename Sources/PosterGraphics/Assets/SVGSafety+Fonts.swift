import Foundation

extension SVGSafety {
    /// The font family lists an SVG's text asks for, in document order without
    /// repeats: from `font-family` and `font` in attributes, `style` attributes and
    /// `<style>` sheets. Empty when the document has no `<text>`, since then no family
    /// is ever looked up. librsvg resolves them through the engine's fontconfig set,
    /// which holds only the pinned fonts, so any other family silently falls back.
    static func requestedFontFamilies(_ tree: SVGTree) -> [[String]] {
        guard tree.elements.contains(where: { $0.key == "text" }) else { return [] }
        var declarations: [(property: String, value: String)] = []
        for element in tree.elements {
            for attribute in element.attributes {
                switch attribute.name.lowercased() {
                case "font-family", "font": declarations.append((attribute.name.lowercased(), attribute.value))
                case "style": declarations += cssDeclarations(attribute.value)
                default: break
                }
            }
        }
        for sheet in tree.styleSheets { declarations += cssDeclarations(sheet.css) }
        var lists: [[String]] = []
        for (property, value) in declarations {
            let list = (property == "font" ? shorthandFamilies(value) : value).split(separator: ",").map(unquoted).filter { !$0.isEmpty }
            guard let first = list.first, !["inherit", "initial", "unset"].contains(first.lowercased()), !lists.contains(list)
            else { continue }
            lists.append(list)
        }
        return lists
    }

    /// The `font-family` and `font` declarations of a CSS text (rules or a `style` value).
    static func cssDeclarations(_ css: String) -> [(property: String, value: String)] {
        css.split(whereSeparator: { ";{}".contains($0) }).compactMap { declaration in
            guard let colon = declaration.firstIndex(of: ":") else { return nil }
            let property = declaration[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard property == "font-family" || property == "font" else { return nil }
            let value = declaration[declaration.index(after: colon)...].replacingOccurrences(of: "!important", with: "")
            return (property, value.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The family list of a `font` shorthand: what follows its size (`12px/1.2 "Arial", sans-serif`).
    static func shorthandFamilies(_ value: String) -> String {
        let words = value.split(separator: " ", omittingEmptySubsequences: true)
        guard let size = words.firstIndex(where: { $0.first.map { $0.isNumber || $0 == "." } ?? false }) else { return "" }
        return words[(size + 1)...].joined(separator: " ")
    }

    private static func unquoted(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }
}
