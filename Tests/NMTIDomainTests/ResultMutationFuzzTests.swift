import Foundation
import Testing
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
        var mutator = Mutator(seed: 0x4E4D_5449, dictionary: [
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

/// A small deterministic byte mutator (SplitMix64): bit flips, byte edits,
/// insertions and deletions, dictionary tokens and chunk duplication.
struct Mutator {
    var state: UInt64
    let dictionary: [[UInt8]]

    init(seed: UInt64, dictionary: [String]) {
        state = seed
        self.dictionary = dictionary.map { Array($0.utf8) }
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }

    mutating func mutate(_ data: Data, rounds: Int) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<rounds {
            let position = below(bytes.count + 1)
            switch below(7) {
            case 0 where !bytes.isEmpty: bytes[min(position, bytes.count - 1)] ^= UInt8(1 << below(8))
            case 1 where !bytes.isEmpty: bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: next())
            case 2: bytes.insert(UInt8(truncatingIfNeeded: next()), at: position)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + 1 + below(16))
                bytes.removeSubrange(min(position, bytes.count - 1)..<end)
            case 4, 5: bytes.insert(contentsOf: dictionary[below(dictionary.count)], at: position)
            case _ where !bytes.isEmpty:
                let start = below(bytes.count)
                let chunk = Array(bytes[start..<min(bytes.count, start + 1 + below(64))])
                bytes.insert(contentsOf: chunk, at: position)
            default:
                bytes.append(UInt8(truncatingIfNeeded: next()))
            }
        }
        return Data(bytes)
    }
}
