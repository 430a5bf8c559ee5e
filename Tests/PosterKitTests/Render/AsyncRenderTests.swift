import Foundation
import NMTIDomain
@testable import PosterKit
import Synchronization
import Testing

/// The async entry points suspend while a worker renders instead of blocking their
/// thread, so an async server's other tasks keep running on the cooperative pool.
@Suite struct AsyncRenderTests {
    /// Counters the tasks share.
    final class Counts: Sendable {
        let finished = Atomic<Int>(0)
        let ticksWhileRendering = Atomic<Int>(0)
    }

    /// 64 tasks render at once through `await renderer.render`, while another task ticks
    /// on the same cooperative pool. A blocking render would hold every pool thread (two
    /// on this machine) until the renders were done, and the ticker would not run
    /// meanwhile; suspended renders leave the threads free.
    @Test func sixtyFourTasksRenderWhileOtherTasksKeepRunning() async throws {
        let theme = try sharedStore.theme("classic")
        let renderer = try PosterRenderer(workers: 2)
        let counts = Counts()
        let ticker = Task {
            while counts.finished.load(ordering: .relaxed) < 64, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                if counts.finished.load(ordering: .relaxed) < 64 { counts.ticksWhileRendering.add(1, ordering: .relaxed) }
            }
        }
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let code = PersonalityCode.all[index % PersonalityCode.all.count]
                    let poster = try await renderer.render(QuizResult.catalogueSample(for: code, pack: .workplace), theme: theme)
                    counts.finished.add(1, ordering: .relaxed)
                    return poster.bytes.count
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        ticker.cancel()
        #expect(sizes.count == 64 && sizes.allSatisfy { $0 > 10_000 })
        // Dozens of ticks are expected (64 renders on 2 workers take over a second); 10 is plenty of margin.
        #expect(counts.ticksWhileRendering.load(ordering: .relaxed) >= 10, "the cooperative pool was blocked while rendering")
        #expect(renderer.workersMade <= 2)
    }

    /// The staged call: one run gives the layout, its dump, its contrast findings, the
    /// timings and the poster, the same as asking for each separately.
    @Test func oneRunGivesEveryStageAndExtra() throws {
        let theme = try sharedStore.theme("classic")
        let renderer = try PosterRenderer(workers: 1)
        let result = QuizResult.catalogueSample(for: PersonalityCode.all[3], pack: .student)
        let output = try renderer.run(RenderRequest(result, theme: theme, extras: [.layoutDump, .contrastFindings, .timings]))
        #expect(output.displayList == (try renderer.layOut(result, theme: theme)))
        #expect(output.layoutDump == (try renderer.layoutDump(result, theme: theme)))
        #expect(output.contrastFindings == [])
        #expect(output.poster?.bytes == (try renderer.render(result, theme: theme)).bytes)
        #expect(output.raster == nil, "an encoded run does not keep its raster")
        let timings = try #require(output.timings)
        #expect(timings.layout > 0 && timings.draw > 0 && timings.encode > 0 && timings.bytes == output.poster?.bytes.count)
        let laidOut = try renderer.run(RenderRequest(result, theme: theme, through: .layout, extras: .timings))
        #expect(laidOut.raster == nil && laidOut.poster == nil && laidOut.timings?.draw == 0)
    }
}
