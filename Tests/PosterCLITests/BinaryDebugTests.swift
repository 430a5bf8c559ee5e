import Foundation
import Testing

/// `render --debug` and `preview --debug` through the binary: the boxes change the
/// pixels, and without --debug the poster is the same bytes as before.
@Suite("Binary: --debug") final class BinaryDebugTests {
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-debug-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        return folder
    }

    @Test func renderDebugDrawsOverThePosterAndLeavesThePlainPosterAlone() throws {
        let folder = try scratch()
        let plain = folder.appendingPathComponent("plain.png"), again = folder.appendingPathComponent("again.png")
        let debug = folder.appendingPathComponent("debug.png")
        let plainLayout = folder.appendingPathComponent("plain.json"), debugLayout = folder.appendingPathComponent("debug.json")
        let input = "Fixtures/results/invited-student.json"
        let first = try Binary.run(["render", input, "-o", plain.path, "--layout-json", plainLayout.path])
        #expect(first.status == 0, "\(first.stderr)")
        let boxed = try Binary.run(["render", input, "-o", debug.path, "--debug", "--layout-json", debugLayout.path])
        #expect(boxed.status == 0, "\(boxed.stderr)")
        _ = try Binary.run(["render", input, "-o", again.path, "-q"])
        let plainBytes = try Data(contentsOf: plain), debugBytes = try Data(contentsOf: debug)
        // Without --debug, the same bytes every time; with it, other pixels of the same size.
        #expect(try Data(contentsOf: again) == plainBytes)
        #expect(debugBytes != plainBytes)
        #expect(debugBytes[16..<24] == plainBytes[16..<24])
        // The layout is the one the poster was drawn with, boxes or not.
        #expect(try Data(contentsOf: debugLayout) == Data(contentsOf: plainLayout))
        let refused = try Binary.run(["render", "Fixtures/results", "--out", folder.appendingPathComponent("many").path, "--debug"])
        #expect(refused.status == 64)
    }

    @Test func previewDebugDrawsTheBoxesOnEveryTile() throws {
        let folder = try scratch()
        let plain = folder.appendingPathComponent("plain.png"), debug = folder.appendingPathComponent("debug.png")
        let result = "Fixtures/results/workplace-PRED.json"
        let first = try Binary.run(["preview", "--result", result, "-o", plain.path, "--no-contrast"])
        #expect(first.status == 0, "\(first.stderr)")
        let boxed = try Binary.run(["preview", "--result", result, "-o", debug.path, "--no-contrast", "--debug"])
        #expect(boxed.status == 0, "\(boxed.stderr)")
        #expect(try Data(contentsOf: plain) != Data(contentsOf: debug))
        let help = try Binary.run(["render", "--help"])
        #expect(help.stdoutText.contains("--debug"))
    }
}
