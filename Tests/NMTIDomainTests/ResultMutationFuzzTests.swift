import Foundation
import Testing
import TestSupport
@testable import NMTIDomain

/// A seeded mutation fuzzer over the result decoder, bounded to a few seconds:
/// every mutant of the seed corpus (Fixtures/fuzz/result) either decodes or fails
/// with a `ResultError` naming the file, a path and a reason. A crash fails the
/// whole run. The long runs use libFuzzer (scripts/fuzz).
@Suite struct ResultMutationFuzzTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func mutantsOfTheSeedCorpusNeverCrash() throws {
        let folder = Self.packageRoot.appendingPathComponent("Fixtures/fuzz/result")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        #expect(seeds.count >= 10)
        var mutator = ByteMutator(seed: 0x4E4D_5449, dictionary: [
            "{", "}", "[", "]", ":", ",", "\"", "null", "true", "-", "1e400", "9223372036854775808", "0.5",
            "\"scores\"", "\"code\"", "\"pack\"", "\"fromCode\"", "\"nickname\"", "\\u0000", "\\ud800", "\u{7}", "长", "😀",
        ])
        let deadline = Date().addingTimeInterval(2.5)
        var runs = 0
        var accepted = 0
        while Date() < deadline || runs < 2000 {
            let input = mutator.mutate(seeds[runs % seeds.count], rounds: 1 + runs % 4)
            do {
                _ = ResolvedResult(try QuizResult(jsonData: input, file: "mutant.json")).link.url
                accepted += 1
            } catch {
                #expect(!error.reason.isEmpty)
                #expect(error.description.hasPrefix("mutant.json: "))
            }
            runs += 1
            if runs >= 200_000 { break }
        }
        #expect(runs >= 2000)
        #expect(accepted > 0 && accepted < runs)
    }
}
