import Foundation
import Testing

/// `themes validate` and `preview` lint the posters users get: the plain variants and the
/// personalised worst cases (long and emoji nicknames, invited with and without the
/// inviter's nickname and scores), run as a theme author runs them.
@Suite("Binary: lints over personalised results") struct PersonalisedLintTests {
    static func fixture(_ name: String) -> String { "Fixtures/lint-themes/\(name)" }

    @Test func aTextThatOverflowsOnlyWithALongNicknameFailsValidateNamingTheVariant() throws {
        let run = try Binary.run(["themes", "validate", "--no-scan", "--no-contrast", Self.fixture("overflow-long-nickname")])
        #expect(run.status == 1, "\(run.stderr)")
        let problems = run.stderrLines.filter { $0.contains("greeting: overflowed") }
        #expect(problems.contains { $0.contains("PRED 六边形悍匪 · workplace · long nickname: greeting: overflowed") }, "\(run.stderr)")
        #expect(problems.contains { $0.contains(" · emoji nickname: ") }, "\(run.stderr)")
        #expect(problems.allSatisfy { $0.contains("nickname") }, "only personalised results overflow: \(run.stderr)")
        #expect(run.stderr.contains("nmti-poster: error: 1 of 1 themes have texts that overflow or elements outside the canvas"))
    }

    @Test func aTextThatOverflowsOnlyWhenInvitedFailsValidateAndPreview() throws {
        let validate = try Binary.run(["themes", "validate", "--no-scan", Self.fixture("overflow-invited")])
        #expect(validate.status == 1, "\(validate.stderr)")
        #expect(validate.stderr.contains("PRED 六边形悍匪 · workplace · invited by PREM: pairing: overflowed"), "\(validate.stderr)")
        #expect(validate.stderr.contains("· invited by PREM (no scores): pairing: overflowed"), "\(validate.stderr)")
        #expect(validate.stderr.contains("· long nicknames, invited by PREM: pairing: overflowed"), "\(validate.stderr)")
        // The pale inviter line exists only when invited: the contrast lint sees it too.
        #expect(validate.stderr.contains("invited by PREM: inviter: contrast"), "\(validate.stderr)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-personalised-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = try Binary.run(["preview", "--no-scan", "--no-contrast", "--theme", Self.fixture("overflow-invited"),
                                      "-o", folder.appendingPathComponent("sheet.png").path])
        #expect(preview.status == 1, "\(preview.stderr)")
        #expect(preview.stdoutText.contains("fit report: every variant fits as designed"), "\(preview.stdoutText)")
        #expect(preview.stdoutText.contains("fit report of the 192 personalised results (problems only):"), "\(preview.stdoutText)")
        #expect(preview.stdoutText.contains("DOOM 赛博隐形人 · student · invited by PRED: pairing: overflowed"), "\(preview.stdoutText)")
    }

    @Test func aBranchNoLintedResultDrawsIsNamedByItsPath() throws {
        let run = try Binary.run(["themes", "validate", "--no-scan", Self.fixture("undrawn-branch")])
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderrLines.filter { $0.contains("warning: ") }
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.contains("undrawn-branch/theme.json5:9:5: warning: elements[1].when: holds for none of the 224 linted results") == true,
                "\(run.stderr)")
    }

    @Test func aValidThemeSaysWhichLintsRan() throws {
        let theme = Self.fixture("svg-unpinned-font")
        let all = try Binary.run(["themes", "validate", theme])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdoutText.contains("  fit lint: every text of every linted result fits"), "\(all.stdoutText)")
        #expect(all.stdoutText.contains("  contrast lint: every text of every linted result passes WCAG AA"), "\(all.stdoutText)")
        #expect(all.stdoutText.hasSuffix("  lints run: fit over 224 results (the 32 variants, 192 personalised), contrast over 96 (the 32 variants, 64 personalised), QR box and QR scan\n"),
                "\(all.stdoutText)")
        let fewer = try Binary.run(["themes", "validate", "--no-scan", "--no-contrast", theme])
        #expect(fewer.stdoutText.hasSuffix("  lints run: fit over 224 results (the 32 variants, 192 personalised) and QR box; skipped: contrast (--no-contrast), QR scan (--no-scan)\n"),
                "\(fewer.stdoutText)")
        // A pair theme counts its pairs.
        let pair = try Binary.run(["themes", "validate", "--no-scan", "--no-contrast", "pair"])
        #expect(pair.stdoutText.contains("lints run: fit over 736 results (the 32 variants, 512 pairs, 192 personalised) and QR box;"), "\(pair.stdoutText)")
    }

    @Test func anInvalidThemeIsListedOneProblemALine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-one-per-line-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ##"{ canvas: { background: "#zz1234" }, elements: [ { type: "text", text: "x", size: "big" }, { type: "shape", width: 10, height: 10, fill: { type: "conic" } } ] }"##
            .write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        let run = try Binary.run(["themes", "validate", folder.path])
        #expect(run.status == 78)
        let problems = run.stderrLines.filter { $0.hasPrefix("\(folder.path)/theme.json5:1:") }
        #expect(problems.count == 3, "\(run.stderr)")
        #expect(problems.contains { $0.contains("error: canvas.background: '#zz1234' is not a colour") })
        #expect(problems.contains { $0.contains("error: elements[1].fill.type: unknown value \"conic\"") })
        #expect(!run.stderr.contains("stops"), "\(run.stderr)")
        #expect(!run.stderr.contains("one per line"), "\(run.stderr)")
        #expect(run.stderrLines.last == "nmti-poster: error: 1 of 1 themes are invalid")
    }

    @Test func anSVGAskingForAnUnpinnedFontIsWarnedAboutAtLoad() throws {
        let run = try Binary.run(["themes", "validate", "--no-scan", "--no-contrast", Self.fixture("svg-unpinned-font")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("svg-unpinned-font/theme.json5: warning: asset 'assets/label.svg': its text asks for font family 'Arial', which is not pinned"),
                "\(run.stderr)")
    }
}
