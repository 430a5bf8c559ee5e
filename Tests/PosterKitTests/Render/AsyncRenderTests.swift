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
        /// Renders asked for and not yet answered.
        let inFlight = Atomic<Int>(0)
        /// Ticks that ran while at least two renders were in flight: with blocking renders,
        /// both of the pool's threads are then held, so there can be none.
        let ticksWhileRendering = Atomic<Int>(0)
    }

    /// 64 tasks render at once through `await renderer.render`, while another task ticks
    /// on the same two-thread pool (a stand-in for an async server's cooperative pool, of
    /// its own so that the suite's other tests do not share it). A blocking render would
    /// hold both threads until the renders were done, and the ticker would not run
    /// meanwhile; suspended renders leave the threads free.
    @Test func sixtyFourTasksRenderWhileOtherTasksKeepRunning() async throws {
        let theme = try sharedStore.theme("classic")
        let renderer = try PosterRenderer(workers: 2)
        let counts = Counts()
        let pool = TwoThreadExecutor()
        defer { pool.stop() }
        try await withTaskExecutorPreference(pool) {
            try await renderWhileTicking(renderer: renderer, theme: theme, counts: counts, pool: pool)
        }
        // Dozens of ticks are expected (64 renders on 2 workers take over a second); blocking renders give none.
        #expect(counts.ticksWhileRendering.load(ordering: .relaxed) >= 10, "the pool's threads were blocked while rendering")
        #expect(renderer.workersMade <= 2)
    }

    private func renderWhileTicking(renderer: PosterRenderer, theme: Theme, counts: Counts, pool: TwoThreadExecutor) async throws {
        let ticker = Task(executorPreference: pool) {
            while counts.finished.load(ordering: .relaxed) < 64, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                if counts.inFlight.load(ordering: .relaxed) >= 2 { counts.ticksWhileRendering.add(1, ordering: .relaxed) }
            }
        }
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let code = PersonalityCode.all[index % PersonalityCode.all.count]
                    counts.inFlight.add(1, ordering: .relaxed)
                    let poster = try await renderer.render(QuizResult.catalogueSample(for: code, pack: .workplace), theme: theme)
                    counts.inFlight.subtract(1, ordering: .relaxed)
                    counts.finished.add(1, ordering: .relaxed)
                    return poster.bytes.count
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        ticker.cancel()
        #expect(sizes.count == 64 && sizes.allSatisfy { $0 > 10_000 })
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

/// Two threads that run the jobs of the tasks preferring it, in order: a small
/// cooperative pool of the test's own.
final class TwoThreadExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])
    private let available = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)

    init() {
        for index in 0..<2 {
            let thread = Thread { [self] in work() }
            thread.name = "test pool \(index + 1)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    /// Ends both threads once the jobs handed in so far have run.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        available.signal()
        available.signal()
    }

    private func work() {
        while true {
            available.wait()
            let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            if let job {
                job.runSynchronously(on: asUnownedTaskExecutor())
            } else if stopping.load(ordering: .relaxed) {
                return
            }
        }
    }
}
