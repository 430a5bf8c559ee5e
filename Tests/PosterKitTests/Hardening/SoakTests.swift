import Foundation
import Synchronization
import NMTIDomain
import Testing
@testable import PosterKit

/// The small soak kept in the suite: 200 renders through one shared renderer on
/// 2, 4 and 8 threads, every PNG byte-identical to its single-thread render.
/// The full soak (5,000+ renders, resident memory, AddressSanitizer) is
/// `scripts/soak`; see docs/hardening.md.
@Suite struct SoakTests {
    @Test func twoHundredConcurrentRendersMatchTheirSerialRenders() throws {
        let themes = [try sharedStore.theme("classic")]  // the themes in progress elsewhere stay out of the suite's soak
        let inputs: [(QuizResult, Theme)] = PersonalityCode.all.enumerated().map { index, code in
            (QuizResult.catalogueSample(for: code, pack: QuizPack.allCases[index % 2]), themes[index % themes.count])
        }
        let renderer = try PosterRenderer()
        let reference = try inputs.map { try renderer.render($0.0, theme: $0.1).png }
        let mismatches = LockedCount()
        var total = 0
        for threads in [2, 4, 8] {
            let renders = threads == 8 ? 66 : 67
            let next = LockedCount()
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                while true {
                    let index = next.increment() - 1
                    guard index < renders else { return }
                    let input = (index * 5 + worker) % inputs.count
                    let png = try? renderer.render(inputs[input].0, theme: inputs[input].1).png
                    if png != reference[input] { _ = mismatches.increment() }
                }
            }
            total += renders
        }
        #expect(total == 200)
        #expect(mismatches.value == 0)
    }
}

/// A count shared by threads.
final class LockedCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
