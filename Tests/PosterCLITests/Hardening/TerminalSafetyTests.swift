import Foundation
import Testing
@testable import PosterCLI

/// Text from themes and results reaches the terminal escaped, one line per note, through
/// the real binary: no ESC, CSI, C1 or bidi override survives, and no line is split.
@Suite("Hardening: terminal safety")
struct TerminalSafetyTests {
    /// Control and override characters a hostile theme or nickname carries.
    static let hostile = "A\u{1B}[2J\u{1B}]0;pwned\u{07}B\nC\rD\u{9B}E\u{202E}F\u{2066}G\u{7F}"
    /// What of it a nickname may still hold (the reader refuses C0, DEL and C1 controls in
    /// nicknames): line breaks, line and paragraph separators, bidi controls.
    static let hostileNickname = "A\u{2028}B\nC\rD\u{2029}E\u{202E}F\u{2066}G"

    static func expectSafe(_ text: String, _ label: String) {
        let forbidden = text.unicodeScalars.filter { TerminalText.needsEscape($0) && $0 != "\n" }
        #expect(forbidden.isEmpty, "\(label): raw \(forbidden.map { String($0.value, radix: 16) }) in \(text.debugDescription)")
    }

    @Test func escapingCoversC0DelC1AndBidiControls() {
        #expect(TerminalText.escaped(Self.hostile)
                == "A\\u{1b}[2J\\u{1b}]0;pwned\\u{7}B\\nC\\rD\\u{9b}E\\u{202e}F\\u{2066}G\\u{7f}")
        #expect(TerminalText.escaped("普通的 text, emoji 🐂 and \u{200D}") == "普通的 text, emoji 🐂 and \u{200D}")
    }

    @Test func themeAndNicknameTextIsPrintedEscaped() throws {
        let themes = try BoundedRun.scratchFolder("tty-themes")
        let out = try BoundedRun.scratchFolder("tty-out")
        defer { for url in [themes, out] { try? FileManager.default.removeItem(at: url) } }
        let folder = themes.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func json(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
                .dropFirst().dropLast().description
        }
        try """
            { name: "hostile", description: \(json("summary " + Self.hostile)),
              elements: [ { type: "text", id: \(json("label" + Self.hostile)), x: 10, y: 10, width: 60, size: 30, minSize: 30,
                            maxLines: 1, text: "{nickname} and more words than fit" } ] }
            """.write(to: folder.appendingPathComponent("theme.json5"), atomically: false, encoding: .utf8)
        let result = out.appendingPathComponent("result.json")
        try JSONSerialization.data(withJSONObject: [
            "pack": "workplace", "scores": ["c": 1, "s": 1, "e": 1, "a": 1], "nickname": "nick" + Self.hostileNickname,
        ]).write(to: result)
        let refused = out.appendingPathComponent("refused.json")
        try JSONSerialization.data(withJSONObject: [
            "pack": "workplace", "scores": ["c": 1, "s": 1, "e": 1, "a": 1], "nickname": "nick" + Self.hostile,
        ]).write(to: refused)
        let environment = ["NMTI_THEMES_DIR": themes.path]

        let list = try BoundedRun.run(["themes", "list"], timeout: 60, environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        let listed = String(decoding: list.stdout, as: UTF8.self)
        Self.expectSafe(listed, "themes list")
        #expect(listed.split(separator: "\n").count == 1, "\(listed)")
        #expect(listed.contains("summary A\\u{1b}[2J"), "\(listed)")

        let render = try BoundedRun.run(["render", result.path, "--theme", "hostile", "-o", out.appendingPathComponent("x.png").path],
                                        timeout: 60, environment: environment)
        #expect(render.status == 0, "\(render.stderr)")
        Self.expectSafe(render.stderr, "render notes")
        let notes = render.stderrLines.filter { $0.hasPrefix("note: ") }
        #expect(notes.count == 1, "\(render.stderr)")
        #expect(notes.first?.contains("nickA\\u{") == true && notes.first?.contains("label") == true, "\(render.stderr)")
        #expect(render.stderrLines.count == 2 && render.stderrLines.last?.hasPrefix("wrote ") == true, "\(render.stderr)")
        // C0, DEL and C1 controls never reach a poster or a note: the nickname is refused, in one line.
        let refusal = try BoundedRun.run(["render", refused.path, "--theme", "hostile", "-o", out.appendingPathComponent("y.png").path],
                                         timeout: 60, environment: environment)
        #expect(refusal.status == 65 && refusal.stderrLines.count == 1, "\(refusal.stderr)")
        #expect(refusal.stderr.contains("nickname: holds the control character U+001B"), "\(refusal.stderr)")
        Self.expectSafe(refusal.stderr, "refusal")

        let preview = try BoundedRun.run(["preview", "--theme", "hostile", "--tile-width", "40", "-o", out.appendingPathComponent("p.png").path],
                                         timeout: 120, environment: environment)
        let previewText = String(decoding: preview.stdout, as: UTF8.self)
        Self.expectSafe(previewText + preview.stderr, "preview report")
        #expect(preview.status == 0 || preview.status == 1, "\(preview.stderr)")
        #expect(previewText.contains("label"), "\(previewText)")
    }
}
