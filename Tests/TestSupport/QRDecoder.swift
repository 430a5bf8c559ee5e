import Foundation

/// Reads the QR codes in a PNG back from its pixels with `zbarimg` (Debian's
/// zbar-tools, installed by scripts/setup), so tests check what a phone's scanner sees.
public enum QRDecoder {
    /// Where the decoder is expected.
    public static let path = "/usr/bin/zbarimg"

    /// Why a PNG could not be decoded.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The text of every QR code in the PNG, in the order zbar reports them; fails
    /// when zbarimg is missing (run scripts/setup) or finds no code.
    public static func decode(png: Data) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is missing: run scripts/setup (it installs zbar-tools)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        // --raw prints each symbol's bytes alone; the text is UTF-8 (-Sbinary would keep bytes as-is).
        process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "zbarimg found no QR code (exit \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
