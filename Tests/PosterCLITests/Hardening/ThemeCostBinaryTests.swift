import Foundation
import Testing

/// The cost and completeness rules through the real binary: the benchmark's worst
/// themes validate (their over-budget twins are in the bad-theme catalogue), and
/// user data reaching a QR code is either drawn (a NUL left out) or refused with
/// the theme file and the element, never a bare libqrencode error.
@Suite("Hardening: render cost and complete validation")
struct ThemeCostBinaryTests {
    @Test func theWorstThemesValidate() throws {
        let folder = "bench/worst-themes"
        let cases = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".py") }.sorted()
        #expect(cases.count >= 8)
        let output = try BoundedRun.run(["themes", "validate", "--no-contrast", "--no-scan"] + cases.map { "\(folder)/\($0)" }, timeout: 300)
        // They load within the budget (78 would be an invalid theme); the fit lint may flag
        // them (status 1): a full-canvas stroke reaches half its width past the edge.
        #expect(output.status == 0 || output.status == 1, "\(output.stderr)")
        // One "ok:" line per theme, each followed by the lints that ran.
        #expect(String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("ok: ") }.count == cases.count)
    }

    /// A theme whose QR code carries the nickname, and a result with `nickname`.
    func renderQR(nickname: String) throws -> (BoundedRun.Output, URL) {
        let folder = try BoundedRun.scratchFolder("qr-user")
        try #"{ elements: [ { type: "qr", width: 200, data: "{nickname}" } ] }"#
            .write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
        let result: [String: Any] = ["scores": ["c": 1, "s": 2, "e": 3, "a": 4], "pack": "student", "nickname": nickname]
        try JSONSerialization.data(withJSONObject: result).write(to: folder.appendingPathComponent("result.json"))
        let output = try BoundedRun.run(
            ["render", folder.appendingPathComponent("result.json").path, "--theme", folder.path,
             "-o", folder.appendingPathComponent("out.png").path], timeout: 60)
        return (output, folder)
    }

    /// A NUL cannot come from the user into QR data: the reader refuses it in a nickname
    /// (`QRElement` still leaves one out, for results built in code).
    @Test func aNulFromTheUserIsRefusedBeforeTheQRCode() throws {
        let (output, folder) = try renderQR(nickname: "小\u{0}王")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stderr.contains("nickname: holds the control character U+0000"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }

    @Test func userDataTooLongForTheQRCodeNamesTheThemeAndTheElement() throws {
        let (output, folder) = try renderQR(nickname: String(repeating: "长", count: 400))  // 1,200 bytes
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("theme.json5: elements[0]: QR data for this result is 1200 bytes; a QR code holds at most 1024"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }
}
