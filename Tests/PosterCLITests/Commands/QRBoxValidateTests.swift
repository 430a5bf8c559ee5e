import Foundation
import Testing

/// `themes validate` on QR boxes, run as a theme author runs it.
@Suite("Binary: themes validate QR boxes") struct QRBoxValidateTests {
    static let fixture = "Fixtures/lint-themes/qr-box-too-small"

    @Test func aTooSmallQRBoxFailsWithItsFileElementBoxAndLinkLength() throws {
        let run = try Binary.run(["themes", "validate", "--no-contrast", Self.fixture])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdoutText.contains("ok: \(Self.fixture)"))
        let errors = run.stderrLines.filter { $0.contains("error: ") && $0.contains("qr box") }
        #expect(errors.count == 2, "\(run.stderr)")
        for line in errors {
            #expect(line.contains("Fixtures/lint-themes/qr-box-too-small/theme.json5: elements[1] (small): qr box 48 pt (96 px)"), "\(line)")
            #expect(line.contains(" characters, a signed student reply)"), "\(line)")
        }
        #expect(run.stderr.contains("the typical link") && run.stderr.contains("the longest link"))
        #expect(run.stderr.contains("nmti-poster: error: 1 of 1 themes have QR boxes too small for the links they carry"))
    }

    @Test func theLinkBaseChangesTheLengthChecked() throws {
        let reference = try Binary.run(["themes", "validate", "--no-contrast", Self.fixture])
        let longer = try Binary.run(["themes", "validate", "--no-contrast", "--link-base", "https://a-much-longer-base.example.com/nmti/", Self.fixture])
        func typicalLength(_ text: String) -> Int? {
            guard let range = text.range(of: "the typical link (") else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
        let short = try #require(typicalLength(reference.stderr)), long = try #require(typicalLength(longer.stderr))
        #expect(long > short)
        let bad = try Binary.run(["themes", "validate", "--link-base", "ftp://nope", Self.fixture])
        #expect(bad.status == 64 && bad.stderr.contains("--link-base"), "\(bad.stderr)")
    }

    @Test func aThemeWithoutQRCodesPasses() throws {
        let run = try Binary.run(["themes", "validate", "--no-contrast", "Fixtures/lint-themes/no-qr"])
        #expect(run.status == 0, "\(run.stderr)")
    }
}
