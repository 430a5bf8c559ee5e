import Foundation
import Testing

/// `render --layout-json FILE`, run as a user runs it.
@Suite("Binary: render --layout-json") final class LayoutJSONTests {
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        return folder
    }

    @Test func writesEveryElementAndEachTextsLines() throws {
        let folder = try scratch()
        let poster = folder.appendingPathComponent("p.png").path, layout = folder.appendingPathComponent("p.json").path
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "-o", poster, "--layout-json", layout, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: poster))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: layout))) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        #expect(json["theme"] as? String == "classic")
        let elements = try #require(json["elements"] as? [[String: Any]])
        #expect(elements.count > 10)
        #expect(elements.allSatisfy { $0["label"] is String && $0["type"] is String })
        let texts = elements.filter { $0["type"] as? String == "text" }
        #expect(!texts.isEmpty)
        for text in texts {
            let lines = try #require(text["lines"] as? [[String: Any]], "\(text)")
            for line in lines {
                #expect(line["text"] is String)
                for key in ["x", "y", "width", "fontSize"] { #expect(line[key] is Double || line[key] is Int, "\(key) in \(line)") }
            }
        }
    }

    @Test func standardOutputGetsTheJSONWhenThePosterGoesToAFile() throws {
        let folder = try scratch()
        let poster = folder.appendingPathComponent("p.png").path
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "-o", poster, "--layout-json", "-", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.hasPrefix("{"))
        #expect(run.stdoutText.contains("\"elements\""))
    }

    @Test func refusesThePostersOwnPathAndWritesNothing() throws {
        let folder = try scratch()
        let poster = folder.appendingPathComponent("p.png").path
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "-o", poster, "--layout-json", poster])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--layout-json"))
        #expect(!FileManager.default.fileExists(atPath: poster))
    }

    @Test func refusesASymlinkLikeOutputBeforeWritingThePoster() throws {
        let folder = try scratch()
        let poster = folder.appendingPathComponent("p.png").path
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.appendingPathComponent("elsewhere.json").path)
        let run = try Binary.run(["render", "Fixtures/results/workplace-PRED.json", "-o", poster, "--layout-json", link])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: poster))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere.json").path))
    }
}
