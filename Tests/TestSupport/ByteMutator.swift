import Foundation

/// SplitMix64: tiny, seedable, and the same on every platform, so fuzz failures replay.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A small deterministic byte mutator for the seeded fuzz tests: bit flips, byte
/// edits, insertions and deletions, dictionary tokens and chunk duplication.
public struct ByteMutator {
    private var random: SplitMix64
    private let dictionary: [[UInt8]]
    /// The most bytes one deletion removes.
    private let maxDeletion: Int
    /// The most bytes one duplicated chunk holds.
    private let maxChunk: Int

    /// A mutator drawing from `seed`, inserting `dictionary`'s tokens among its edits.
    public init(seed: UInt64, dictionary: [String], maxDeletion: Int = 16, maxChunk: Int = 64) {
        random = SplitMix64(state: seed)
        self.dictionary = dictionary.map { Array($0.utf8) }
        self.maxDeletion = maxDeletion
        self.maxChunk = maxChunk
    }

    private mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }

    /// `data` after `rounds` random edits.
    public mutating func mutate(_ data: Data, rounds: Int) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<rounds {
            let position = below(bytes.count + 1)
            switch below(7) {
            case 0 where !bytes.isEmpty: bytes[min(position, bytes.count - 1)] ^= UInt8(1 << below(8))
            case 1 where !bytes.isEmpty: bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: next())
            case 2: bytes.insert(UInt8(truncatingIfNeeded: next()), at: position)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + 1 + below(maxDeletion))
                bytes.removeSubrange(min(position, bytes.count - 1)..<end)
            case 4 where !dictionary.isEmpty, 5 where !dictionary.isEmpty:
                bytes.insert(contentsOf: dictionary[below(dictionary.count)], at: position)
            case _ where !bytes.isEmpty:
                let start = below(bytes.count)
                let chunk = Array(bytes[start..<min(bytes.count, start + 1 + below(maxChunk))])
                bytes.insert(contentsOf: chunk, at: position)
            default:
                bytes.append(UInt8(truncatingIfNeeded: next()))
            }
        }
        return Data(bytes)
    }
}
