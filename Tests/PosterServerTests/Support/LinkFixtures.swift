import Foundation
import NMTIDomain
import PosterKit
@testable import PosterLinks

/// What the link tests share: a themes folder with the shipped `classic` (whose `thumb`
/// and `card` formats are the landing pages' first image and preview card) and a `pair`
/// stand-in (a copy of classic under that name exercises the routes; the real pair theme
/// is checked elsewhere), a link key file and links signed with it.
enum LinkFixtures {
    static let linkKey = "link-key-0123456789abcdef"
    static let signer = try! LinkSigner(keys: [Array(linkKey.utf8)])

    /// A temporary folder holding `classic` and a copy of it named `pair`, unless `without`
    /// names them, and the themes in `extra` (name: theme.json5 text); the caller removes it.
    static func themes(without: Set<String> = [], extra: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-link-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let classic = ServerProcess.packageRoot.appendingPathComponent("Themes/classic")
        for name in ["classic", "pair"] where !without.contains(name) {
            let copy = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(at: classic, to: copy)
            let file = copy.appendingPathComponent("theme.json5")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "name: \"classic\"", with: "name: \"\(name)\"").write(to: file, atomically: true, encoding: .utf8)
        }
        for (name, text) in extra {
            let theme = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
            try text.write(to: theme.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// A key file holding the link key; the caller removes it.
    static func keyFile(_ key: String = linkKey) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-link-key-\(UUID().uuidString)")
        try "\(key)\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static let hostile = "<script>\"&'</b>"

    static let invite = NMTILink.invite(pack: .student, sender: LinkPerson(scores: DimensionScores(c: 6, s: -3, e: 2, a: -5), nickname: "小王" + hostile))
    static let reply = NMTILink.reply(
        pack: .workplace, sender: LinkPerson(scores: DimensionScores(c: -4, s: 5, e: 7, a: 1), nickname: "阿May"),
        inviter: LinkPerson(scores: DimensionScores(c: 6, s: -3, e: 2, a: -5), nickname: "小王"))

    /// The path and query of a link in the web form under `base`, signed or not.
    static func target(_ link: NMTILink, base: String, signed: Bool = true) throws -> String {
        let text = link.url(form: .web(try LinkBase(base)), signature: signed ? signer.signature(for: link) : nil)
        let origin = try LinkBase(base)
        return String(text.dropFirst("\(origin.scheme)://\(origin.authority)".count))
    }

    /// The `content` of `<meta property|name="name" content="…">` in a page, unescaped.
    static func meta(_ name: String, in page: String) -> String? {
        for attribute in ["property", "name"] {
            let marker = "<meta \(attribute)=\"\(name)\" content=\""
            guard let start = page.range(of: marker) else { continue }
            let rest = page[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return unescape(String(rest[..<end]))
        }
        return nil
    }

    /// The value of the first `name="…"` attribute after `marker`, unescaped.
    static func attribute(_ name: String, after marker: String, in page: String) -> String? {
        guard let start = page.range(of: marker) else { return nil }
        guard let value = page[start.upperBound...].range(of: " \(name)=\"") else { return nil }
        let rest = page[value.upperBound...]
        return rest.firstIndex(of: "\"").map { unescape(String(rest[..<$0])) }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
