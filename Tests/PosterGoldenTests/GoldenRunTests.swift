import Foundation
import NMTIDomain
import Testing
import TestSupport
@testable import PosterGolden
@testable import PosterKit
@testable import PosterPNG

/// Many cases on the run engine: the outcomes of one case at a time, in order, and the
/// clean-up of what a killed update left.
@Suite struct GoldenRunTests {
    let cases = ["workplace-PRED", "student-DOOM", "workplace-DOOD"].map { name in
        let parts = name.split(separator: "-")
        return GoldenCase(theme: "tiny", name: name,
                          source: .catalogue(PersonalityCode(String(parts[1]))!, QuizPack(rawValue: String(parts[0]))!))
    }

    @Test func aRunRecordsAndChecksEveryCaseInOrder() throws {
        let scratch = try ScratchGoldens(mode: .all)
        let theme = try TinyTheme.load()
        let recorded = scratch.suite.run(cases.map { (testCase: $0, theme: theme) })
        #expect(recorded.map(\.id) == cases.map(\.id))
        #expect(recorded.allSatisfy { $0.status == .new && $0.action == .recorded })
        for testCase in cases {
            let stored = try [UInt8](Data(contentsOf: scratch.goldens.appendingPathComponent(testCase.relativePath)))
            #expect(try DiffImage.encodePNG(try PNGDecoder().decode(stored), encoder: GoldenSuite.goldenEncoder) == stored)
        }
        let checked = try scratch.with(mode: .never).run(cases.map { (testCase: $0, theme: theme) })
        #expect(checked.map(\.status) == [.passed, .passed, .passed])
    }

    @Test func anUpdateRemovesTheTemporaryFilesOfAKilledUpdateAndACheckLeavesThem() throws {
        let scratch = try ScratchGoldens(mode: .never)
        let theme = try TinyTheme.load()
        let folder = scratch.goldens.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pid = try DeadProcess.pid()
        let leftover = folder.appendingPathComponent(".workplace-PRED.png.\(pid).0123456789abcdef.tmp")
        let stamp = scratch.goldens.appendingPathComponent(".environment.json.\(pid).fedcba9876543210.tmp")
        let foreign = folder.appendingPathComponent(".notes.txt.\(pid).0123456789abcdef.tmp")
        for file in [leftover, stamp, foreign] { try Data("half".utf8).write(to: file) }

        _ = scratch.suite.run(cases.map { (testCase: $0, theme: theme) })
        #expect(FileManager.default.fileExists(atPath: leftover.path), "a check writes nothing into the goldens folder")

        _ = try scratch.with(mode: .all).run(cases.map { (testCase: $0, theme: theme) })
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
        #expect(FileManager.default.fileExists(atPath: foreign.path), "not the temporary file of a golden")
    }
}
