import Foundation
import NMTIDomain
import Synchronization
import Testing
@testable import PosterKit

/// The renderer's pool never holds more than its bound, however many callers
/// arrive at once; the callers beyond the bound wait and all finish; a released
/// pool stops its threads.
@Suite struct BoundedPoolTests {
    /// A resource that only counts how many exist.
    final class Token {
        let number: Int
        init(number: Int) { self.number = number }
    }

    /// Calls `body` from `count` threads started together, and waits for all of them.
    static func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                body(index)
                group.leave()
            }
        }
        group.wait()
    }

    /// Counts a job in and holds it (at most 30 s) until two jobs run at once, so that
    /// both of a pool's threads exist and are busy before any job finishes.
    static func holdUntilTwoRun(_ running: borrowing Atomic<Int>) {
        running.add(1, ordering: .relaxed)
        let deadline = DispatchTime.now().uptimeNanoseconds + 30_000_000_000
        while running.load(ordering: .relaxed) < 2, DispatchTime.now().uptimeNanoseconds < deadline { usleep(100) }
    }

    @Test(arguments: [1, 2, 3])
    func manyConcurrentCallersShareAtMostCapacityResources(capacity: Int) throws {
        let made = Atomic<Int>(0)
        let inUse = Atomic<Int>(0)
        let mostInUse = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let pool = BoundedPool<Token>(capacity: capacity) { () throws(RenderError) in
            Token(number: made.add(1, ordering: .relaxed).newValue)
        }
        Self.concurrently(64) { _ in
            let number = try? pool.withResource { @Sendable (token: inout Token) throws(RenderError) -> Int in
                let now = inUse.add(1, ordering: .relaxed).newValue
                mostInUse.max(now, ordering: .relaxed)
                usleep(500)  // hold the resource so that callers pile up
                inUse.subtract(1, ordering: .relaxed)
                return token.number
            }
            if number != nil { finished.add(1, ordering: .relaxed) }
        }
        #expect(finished.load(ordering: .relaxed) == 64)
        #expect(made.load(ordering: .relaxed) <= capacity)
        #expect(pool.resourcesMade == made.load(ordering: .relaxed))
        #expect(mostInUse.load(ordering: .relaxed) <= capacity)
        #expect(mostInUse.load(ordering: .relaxed) >= 1)
    }

    /// One caller rendering poster after poster keeps one warm resource: the thread
    /// queues itself as idle before it hands the result back, so the next job finds
    /// it and no second thread is started.
    @Test(arguments: [2, 4])
    func oneCallerAfterAnotherIsServedByOneResource(capacity: Int) throws {
        let made = Atomic<Int>(0)
        let pool = BoundedPool<Token>(capacity: capacity) { () throws(RenderError) in
            Token(number: made.add(1, ordering: .relaxed).newValue)
        }
        var used: Set<Int> = []
        for _ in 0..<200 {
            used.insert(try pool.withResource { @Sendable (token: inout Token) throws(RenderError) -> Int in token.number })
        }
        #expect(used == [1])
        #expect(pool.resourcesMade == 1)
    }

    /// After a burst of concurrent callers, a lone caller still gets one resource
    /// every time: the most recently idle one.
    @Test func aLoneCallerAfterABurstKeepsToTheLastIdleResource() throws {
        let made = Atomic<Int>(0)
        let pool = BoundedPool<Token>(capacity: 2) { () throws(RenderError) in
            Token(number: made.add(1, ordering: .relaxed).newValue)
        }
        // Once every caller of the burst has its result, both threads are idle.
        let running = Atomic<Int>(0)
        Self.concurrently(8) { _ in
            _ = try? pool.withResource { @Sendable (token: inout Token) throws(RenderError) -> Int in
                Self.holdUntilTwoRun(running)
                return token.number
            }
        }
        #expect(pool.resourcesMade == 2)
        var used: Set<Int> = []
        for _ in 0..<100 {
            used.insert(try pool.withResource { @Sendable (token: inout Token) throws(RenderError) -> Int in token.number })
        }
        #expect(used.count == 1)
        #expect(pool.resourcesMade == 2)
    }

    /// Releasing a pool ends its threads, and with them their resources.
    @Test func aReleasedPoolEndsItsThreadsAndFreesTheirResources() throws {
        final class Tally: Sendable {
            let count = Atomic<Int>(0)
        }
        final class Counted {
            let freed: Tally
            init(freed: Tally) { self.freed = freed }
            deinit { freed.count.add(1, ordering: .relaxed) }
        }
        let tally = Tally()
        do {
            let pool = BoundedPool<Counted>(capacity: 2) { () throws(RenderError) in Counted(freed: tally) }
            let running = Atomic<Int>(0)
            Self.concurrently(6) { _ in
                _ = try? pool.withResource { @Sendable (_: inout Counted) throws(RenderError) -> Int in
                    Self.holdUntilTwoRun(running)
                    return 0
                }
            }
            #expect(pool.resourcesMade == 2)
            #expect(tally.count.load(ordering: .relaxed) == 0)
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while tally.count.load(ordering: .relaxed) < 2, DispatchTime.now().uptimeNanoseconds < deadline { usleep(1_000) }
        #expect(tally.count.load(ordering: .relaxed) == 2)
    }

    /// Jobs that capture the pool (as a renderer's capture the renderer) do not keep it
    /// alive once they are done: neither a sleeping thread nor the queue holds them.
    @Test func finishedJobsDoNotKeepThePoolAlive() throws {
        weak var released: BoundedPool<Token>?
        do {
            let pool = BoundedPool<Token>(capacity: 2) { () throws(RenderError) in Token(number: 1) }
            released = pool
            for _ in 0..<5 {
                _ = try pool.withResource { @Sendable (token: inout Token) throws(RenderError) -> Int in token.number + pool.capacity }
            }
            Self.concurrently(6) { _ in
                _ = try? pool.withResource { @Sendable (token: inout Token) throws(RenderError) -> Int in
                    usleep(500)
                    return token.number + pool.capacity
                }
            }
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while released != nil, DispatchTime.now().uptimeNanoseconds < deadline { usleep(1_000) }
        #expect(released == nil)
    }

    /// A renderer let go is freed, with its workers.
    @Test func aReleasedRendererIsFreed() throws {
        let theme = try sharedStore.theme("classic")
        weak var released: PosterRenderer?
        do {
            let renderer = try PosterRenderer(workers: 2)
            released = renderer
            _ = try renderer.render(QuizResult.catalogueSample(for: PersonalityCode.all[0], pack: .workplace), theme: theme)
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while released != nil, DispatchTime.now().uptimeNanoseconds < deadline { usleep(1_000) }
        #expect(released == nil)
    }

    @Test func aFailedCreationFreesItsPlaceForTheNextCaller() throws {
        let attempts = Atomic<Int>(0)
        let pool = BoundedPool<Token>(capacity: 1) { () throws(RenderError) in
            let attempt = attempts.add(1, ordering: .relaxed).newValue
            if attempt <= 3 { throw RenderError(.graphics, "no fonts (attempt \(attempt))") }
            return Token(number: attempt)
        }
        let failures = Atomic<Int>(0)
        Self.concurrently(16) { _ in
            do throws(RenderError) {
                _ = try pool.withResource { @Sendable (token: inout Token) throws(RenderError) -> Int in token.number }
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 3)
        #expect(pool.resourcesMade == 1)
    }

    @Test func theRendererMakesAtMostItsWorkerCountUnderManyConcurrentRenders() throws {
        let theme = try sharedStore.theme("classic")
        let renderer = try PosterRenderer(workers: 2)
        #expect(renderer.workerCount == 2)
        let rendered = Atomic<Int>(0)
        Self.concurrently(24) { index in
            let code = PersonalityCode.all[index % PersonalityCode.all.count]
            if (try? renderer.render(QuizResult.catalogueSample(for: code, pack: .workplace), theme: theme)) != nil {
                rendered.add(1, ordering: .relaxed)
            }
        }
        #expect(rendered.load(ordering: .relaxed) == 24)
        #expect(renderer.workersMade >= 1)
        #expect(renderer.workersMade <= 2)
    }

    @Test func aReleasedPoolStopsItsThreadsAndAnotherCanStart() throws {
        let made = Atomic<Int>(0)
        for _ in 0..<20 {
            let pool = BoundedPool<Token>(capacity: 2) { () throws(RenderError) in
                Token(number: made.add(1, ordering: .relaxed).newValue)
            }
            Self.concurrently(4) { _ in
                _ = try? pool.withResource { @Sendable (token: inout Token) throws(RenderError) -> Int in token.number }
            }
        }
        #expect(made.load(ordering: .relaxed) <= 40)
        #expect(made.load(ordering: .relaxed) >= 20)
    }

    @Test func theDefaultWorkerCountIsTheCoreCount() throws {
        #expect(try PosterRenderer().workerCount == ProcessInfo.processInfo.activeProcessorCount)
        #expect(try PosterRenderer(workers: 0).workerCount == 1)
    }
}
