import Foundation
import TestSupport
import Testing

/// `themes validate` and `preview` decode every variant's QR code after recompression;
/// `render` and `batch` warn when a QR code holds an `nmti://` link.
@Suite struct ScanLintBinaryTests {
    func theme(qrWidth: Int) throws -> URL {
        let folder = try TestScratch.folder("scan-theme")
        try """
            { canvas: { width: 375, height: 667, background: "#FFFFFF" }, elements: [
              { type: "text", x: 20, y: 20, width: 335, text: "{title}", size: 40, color: "#2B2620" },
              { type: "qr", x: 20, y: 300, width: \(qrWidth), quietZone: 4 },
            ] }
            """.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aCodeThatReadsBackPassesAndSaysWhatWasChecked() throws {
        let run = try Binary.run(["themes", "validate", "--no-contrast", try theme(qrWidth: 335).path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.contains("scan lint: 64 QR codes read back with zbar; links under https://nmti.example/, signed"))
        #expect(run.stdoutText.contains("typical link at 0.5x, JPEG q75; longest link at 0.72x, JPEG q80"))
    }

    @Test func aCodeTooSmallToSurviveExitsOneNamingTheBox() throws {
        let folder = try theme(qrWidth: 40)
        let run = try Binary.run(["themes", "validate", "--no-contrast", "--link-base", "https://quiz.example.cn/", folder.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("64 QR codes do not read back after recompression"))
        #expect(run.stderr.contains("(typical link, ") && run.stderr.contains("qr at 20,300 40x40 pt"))
        #expect(run.stdoutText.contains("links under https://quiz.example.cn/"))
        // Without the scan lint, the QR box check alone still finds the box too small.
        let skipped = try Binary.run(["themes", "validate", "--no-contrast", "--no-scan", folder.path])
        #expect(skipped.status == 1 && !skipped.stdoutText.contains("scan lint") && skipped.stderr.contains("QR boxes too small"))
    }

    @Test func aBadLinkBaseIsAUsageError() throws {
        let run = try Binary.run(["themes", "validate", "--link-base", "ftp://x", "classic"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--link-base"))
    }

    @Test func renderNotesAppSchemeLinksOnlyWithoutABase() throws {
        let output = try TestScratch.folder("scan-render").appendingPathComponent("p.png")
        let plain = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "-o", output.path])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("note: no --link-base") && plain.stderr.contains("nmti:// links"))
        let quiet = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "-q", "-o", output.path])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let based = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--link-base", "https://nmti.example/", "-o", output.path])
        #expect(based.status == 0 && !based.stderr.contains("no --link-base"))
        // A theme without a QR code has no link to warn about.
        let card = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "--theme", "Fixtures/lint-themes/no-qr", "-o", output.path])
        #expect(card.status == 0 && !card.stderr.contains("no --link-base"))
    }
}
