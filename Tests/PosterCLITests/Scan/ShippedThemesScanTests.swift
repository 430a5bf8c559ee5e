import Foundation
import Testing
import TestSupport

/// Every shipped poster theme's QR code, drawn with a signed https link, read back from the
/// PNG's pixels after a chat app's recompression by three real decoders (scripts/qr-read:
/// OpenCV's wechat_qrcode, zxing-cpp and zbar): the goals of docs/links.md, "Scanning".
@Suite struct ShippedThemesScanTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let result: String
        /// scale:quality, as scripts/qr-read takes it.
        let condition: String
        var description: String { name }
    }

    static let cases = [
        Case(name: "plain", result: #"{"pack":"workplace","scores":{"c":6,"s":-3,"e":2,"a":-5}}"#, condition: "0.5:75"),
        Case(name: "typical", result: """
            {"pack":"student","scores":{"c":9,"s":-5,"e":-2,"a":4},"nickname":"王小明同学呀🐶",
             "fromScores":{"c":-3,"s":4,"e":-6,"a":-1},"fromNickname":"陈大壮学霸"}
            """, condition: "0.5:75"),
        Case(name: "longest", result: """
            {"pack":"student","scores":{"c":-12,"s":12,"e":-12,"a":12},"nickname":"\(String(repeating: "卷", count: 24))",
             "fromScores":{"c":12,"s":-12,"e":12,"a":-12},"fromNickname":"\(String(repeating: "摸鱼", count: 12))"}
            """, condition: "0.72:80"),
    ]

    static let themes = ["classic", "neon", "pair", "paper", "receipt"]

    @Test(arguments: themes) func everyDecoderReadsTheLinkAfterRecompression(theme: String) throws {
        let folder = try TestScratch.folder("shipped-scan")
        let key = folder.appendingPathComponent("link.key")
        try "nmti scan test key, 32 bytes long\n".write(to: key, atomically: true, encoding: .utf8)
        for check in Self.cases {
            let result = folder.appendingPathComponent("\(check.name).json")
            try check.result.write(to: result, atomically: true, encoding: .utf8)
            let poster = folder.appendingPathComponent("\(theme)-\(check.name).png")
            let render = try Binary.run(["render", result.path, "--theme", theme, "--link-base", "https://nmti.example/",
                                         "--link-key-file", key.path, "-o", poster.path])
            try #require(render.status == 0, "\(render.stderr)")
            let lines = try QRRead.run([poster.path, "1:100", check.condition])
            try #require(lines.count == 2, "\(lines)")
            let full = lines[0]
            let text = try #require(full["zbar"]?.first, "\(theme) \(check): zbar reads nothing at full size")
            #expect(text.hasPrefix("https://nmti.example/"))
            for decoder in ["wechat", "zxing", "zbar"] {
                #expect(full[decoder] == [text], "\(theme) \(check) at full size: \(decoder) read \(full[decoder] ?? [])")
                #expect(lines[1][decoder] == [text], "\(theme) \(check) after \(check.condition): \(decoder) read \(lines[1][decoder] ?? []), not \(text)")
            }
        }
    }
}

/// Runs scripts/qr-read (Python: OpenCV's wechat_qrcode, zxing-cpp, zbar; scripts/setup installs them).
enum QRRead {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// One dictionary per condition: decoder name to the texts it read.
    static func run(_ arguments: [String]) throws -> [[String: [String]]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "scripts/qr-read"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "scripts/qr-read exited \(process.terminationStatus): \(message)")
        }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return object.compactMapValues { $0 as? [String] }
        }
    }
}
