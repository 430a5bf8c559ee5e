import Dispatch
import Foundation
import Synchronization

/// At most `capacity` worker threads, each owning one resource (a render worker's
/// Pango, Cairo and encoder state) that it makes itself and never shares. Callers
/// hand in work and wait, first come first served, for a thread to run it.
///
/// Why threads and not resources lent to the caller: the render runs on a thread the
/// pool owns, so the stacks and malloc arenas that drawing touches belong to `capacity`
/// threads, not to every thread that ever called; memory stays flat however many
/// callers arrive at once (bench/README.md). For the same reason a thread starts a job
/// only while fewer than `2 * capacity` results (a poster's PNG each) wait to be picked
/// up: with a thousand callers, the woken ones are slow to be scheduled, and their
/// finished posters would otherwise pile up.
///
/// Why the most recently idle thread is woken first: a thread's resource is only warm
/// (its raster, glyph and layout caches in the processor's caches) while it keeps
/// working. A thread therefore queues itself as idle *before* it hands its result back,
/// and a new job wakes the last thread to go idle; one caller rendering poster after
/// poster is served by one thread with one warm resource, as if it owned it, instead
/// of alternating between cold ones. A second thread starts only when a job finds no
/// thread idle. A resource never leaves its thread, so it need not be `Sendable`.
/// Waiting blocks on semaphores, never spins. Threads start on first need and stop
/// when the pool is released.
package final class BoundedPool<Resource>: Sendable {
    /// One piece of work: run with the thread's resource, or told why there is none.
    struct Job: Sendable {
        /// Does the work and returns how to hand its result to the caller, which the
        /// thread calls once it has queued itself for the next job.
        let run: @Sendable (inout Resource) -> @Sendable () -> Void
        let fail: @Sendable (RenderError) -> Void
    }

    struct State: Sendable {
        var jobs: [Job] = []
        var next = 0  // jobs[next...] are waiting, oldest first
        var threads = 0
        /// The idle threads' wake-up calls, the most recently idle last.
        var idle: [DispatchSemaphore] = []
        var made = 0
        var stopping = false

        var waiting: Int { jobs.count - next }

        mutating func takeJob() -> Job? {
            guard next < jobs.count else { return nil }
            let job = jobs[next]
            next += 1
            if next > 64, next * 2 > jobs.count {  // drop finished entries now and then, not on every take
                jobs.removeFirst(next)
                next = 0
            }
            return job
        }
    }

    /// What the pool and its threads share (the threads do not keep the pool alive).
    final class Shared: Sendable {
        let state = Mutex(State())
        /// Room for results in flight: taken before a job runs, given back when its caller has the result.
        let resultRoom: DispatchSemaphore
        let make: @Sendable () throws(RenderError) -> Resource
        let capacity: Int

        init(capacity: Int, make: @escaping @Sendable () throws(RenderError) -> Resource) {
            self.capacity = capacity
            self.make = make
            resultRoom = DispatchSemaphore(value: 2 * capacity)
        }
    }

    private let shared: Shared

    /// The most threads, and so resources, that ever exist at once.
    package var capacity: Int { shared.capacity }

    /// A pool of at most `capacity` (at least 1) threads, each with a resource built by `make` on that thread.
    package init(capacity: Int, make: @escaping @Sendable () throws(RenderError) -> Resource) {
        shared = Shared(capacity: max(1, capacity), make: make)
    }

    deinit {
        let sleepers = shared.state.withLock { state in
            state.stopping = true
            defer { state.idle = [] }
            return state.idle
        }
        for sleeper in sleepers { sleeper.signal() }
    }

    /// How many resources the pool has made since it was created (failed attempts not counted).
    package var resourcesMade: Int { shared.state.withLock { $0.made } }

    /// Runs `body` on one of the pool's threads with that thread's resource, waiting
    /// for a free thread if all are busy, and returns what it returns.
    package func withResource<R: Sendable>(_ body: @escaping @Sendable (inout Resource) throws(RenderError) -> R) throws(RenderError) -> R {
        let outcome = Outcome<R>()
        let room = shared.resultRoom
        let job = Job(
            run: { resource in
                room.wait()
                let result = Result { () throws(RenderError) -> R in try body(&resource) }
                return { outcome.finish(result, releasing: room) }
            },
            fail: { error in outcome.finish(.failure(error), releasing: nil) })
        let wake = shared.state.withLock { state -> Wake in
            state.jobs.append(job)
            if let sleeper = state.idle.popLast() { return .thread(sleeper) }
            guard state.threads < shared.capacity else { return .none }  // a busy thread takes it next
            state.threads += 1
            return .newThread
        }
        switch wake {
        case .thread(let sleeper): sleeper.signal()
        case .newThread: Self.startThread(shared)
        case .none: break
        }
        return try outcome.wait()
    }

    /// Who runs a job just queued.
    private enum Wake {
        case thread(DispatchSemaphore)
        case newThread
        case none
    }

    private static func startThread(_ shared: Shared) {
        let thread = Thread { work(shared) }
        thread.name = "nmti-render"
        thread.start()
    }

    /// A thread's life: make its resource, then run jobs until asked to stop. A thread
    /// that cannot make its resource fails one job (the oldest waiting, which may not be
    /// the one it was started for) and ends, so the next waiting job gets a new thread
    /// and a new attempt.
    private static func work(_ shared: Shared) {
        var resource: Resource
        do throws(RenderError) {
            resource = try shared.make()
            shared.state.withLock { $0.made += 1 }
        } catch {
            let (job, replace) = shared.state.withLock { state in
                let job = state.takeJob()
                state.threads -= 1
                let replace = !state.stopping && state.waiting > 0 && state.idle.isEmpty && state.threads < shared.capacity
                if replace { state.threads += 1 }
                return (job, replace)
            }
            job?.fail(error)
            if replace { startThread(shared) }
            return
        }
        let wakeUp = DispatchSemaphore(value: 0)
        var deliver: (@Sendable () -> Void)?
        while true {
            // Take the next job, or queue as idle, before handing the last result over
            // (see the type's comment: the caller's next job then finds this thread).
            let job: Job? = shared.state.withLock { state in
                if let job = state.takeJob() { return job }
                if !state.stopping { state.idle.append(wakeUp) }
                return nil
            }
            deliver?()
            deliver = nil
            if let job {
                deliver = job.run(&resource)
                continue
            }
            if shared.state.withLock({ $0.stopping }) { break }
            wakeUp.wait()
            if shared.state.withLock({ $0.stopping }) { break }
        }
        shared.state.withLock { state in
            state.threads -= 1
            state.idle.removeAll { $0 === wakeUp }
        }
    }
}

/// A result filled in on a pool thread and waited for by the caller.
final class Outcome<R: Sendable>: Sendable {
    private let value = Mutex<(result: Result<R, RenderError>, room: DispatchSemaphore?)?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Stores the result; `room` is given back once the caller has taken it.
    func finish(_ result: Result<R, RenderError>, releasing room: DispatchSemaphore?) {
        value.withLock { $0 = (result, room) }
        done.signal()
    }

    func wait() throws(RenderError) -> R {
        done.wait()
        // Set before the signal; a missing value would be a pool bug, reported rather than trapped.
        let taken = value.withLock { value in
            defer { value = nil }
            return value
        }
        taken?.room?.signal()
        let result = taken?.result ?? .failure(RenderError(.graphics, "a render worker ended without an answer"))
        return try result.get()
    }
}
