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
/// and a new job is given to the last thread to go idle; one caller rendering poster
/// after poster is served by one thread with one warm resource, as if it owned it,
/// instead of alternating between cold ones. A job is handed to one thread (the idle
/// one woken for it, or a new thread started for it) or queued for the first busy
/// thread to finish, so a thread is never woken for a job another takes. A second
/// thread starts only when a job finds no thread idle. A resource never leaves its
/// thread, so it need not be `Sendable`. Waiting blocks on semaphores, never spins.
/// Threads start on first need and stop when the pool is released.
package final class BoundedPool<Resource>: Sendable {
    /// One piece of work: run with the thread's resource, or told why there is none.
    struct Job: Sendable {
        /// Does the work and returns how to hand its result to the caller, which the
        /// thread calls once it has queued itself for the next job.
        let run: @Sendable (inout Resource) -> @Sendable () -> Void
        let fail: @Sendable (RenderError) -> Void
    }

    /// A thread's wake-up call and the job it is given (none: stop).
    final class Sleeper: Sendable {
        let wakeUp = DispatchSemaphore(value: 0)
        let given = Mutex<Job?>(nil)

        /// The job given, which the sleeper no longer holds.
        func take() -> Job? {
            given.withLock { job in
                defer { job = nil }
                return job
            }
        }
    }

    struct State: Sendable {
        /// Jobs no thread has been given yet, oldest first (`queue[next...]`; taken
        /// entries are nil, so that a finished job does not keep what it captured alive).
        var queue: [Job?] = []
        var next = 0
        var threads = 0
        /// The idle threads, the most recently idle last.
        var idle: [Sleeper] = []
        var made = 0
        var stopping = false

        var waiting: Int { queue.count - next }

        mutating func takeJob() -> Job? {
            guard next < queue.count else { return nil }
            let job = queue[next]
            queue[next] = nil
            next += 1
            if next == queue.count {
                queue.removeAll(keepingCapacity: true)
                next = 0
            } else if next > 64, next * 2 > queue.count {  // drop taken entries now and then, not on every take
                queue.removeFirst(next)
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
        for sleeper in sleepers { sleeper.wakeUp.signal() }  // woken with no job: stop
    }

    /// How many resources the pool has made since it was created (failed attempts not counted).
    package var resourcesMade: Int { shared.state.withLock { $0.made } }

    /// Runs `body` on one of the pool's threads with that thread's resource, waiting
    /// for a free thread if all are busy, and returns what it returns.
    package func withResource<R: Sendable>(_ body: @escaping @Sendable (inout Resource) throws(RenderError) -> R) throws(RenderError) -> R {
        let outcome = Outcome<R>()
        let room = shared.resultRoom
        hand(Job(
            run: { resource in
                room.wait()
                let result = Result { () throws(RenderError) -> R in try body(&resource) }
                return { outcome.finish(result, releasing: room) }
            },
            fail: { error in outcome.finish(.failure(error), releasing: nil) }))
        return try outcome.wait()
    }

    /// Hands `body` to one of the pool's threads and returns at once; `completion` gets
    /// the result on that thread (once it has queued itself for the next job), so the
    /// caller needs no thread of its own while it waits.
    package func submit<R: Sendable>(
        _ body: @escaping @Sendable (inout Resource) throws(RenderError) -> R,
        completion: @escaping @Sendable (Result<R, RenderError>) -> Void
    ) {
        let room = shared.resultRoom
        hand(Job(
            run: { resource in
                room.wait()
                let result = Result { () throws(RenderError) -> R in try body(&resource) }
                return {
                    completion(result)
                    room.signal()
                }
            },
            fail: { error in completion(.failure(error)) }))
    }

    /// Gives `job` to the most recently idle thread, a new thread, or the queue.
    private func hand(_ job: Job) {
        let handOver = shared.state.withLock { state -> HandOver in
            if let sleeper = state.idle.popLast() {
                sleeper.given.withLock { $0 = job }
                return .wake(sleeper)
            }
            guard state.threads < shared.capacity else {
                state.queue.append(job)  // the first busy thread to finish takes it
                return .queued
            }
            state.threads += 1
            return .newThread
        }
        switch handOver {
        case .wake(let sleeper): sleeper.wakeUp.signal()
        case .newThread: Self.startThread(shared, first: job)
        case .queued: break
        }
    }

    /// Who runs a job just handed in.
    private enum HandOver {
        case wake(Sleeper)
        case newThread
        case queued
    }

    /// Starts a thread for `first`, handed over through the thread's sleeper so that the
    /// thread's closure does not keep the job (and what it captured) alive.
    private static func startThread(_ shared: Shared, first: Job) {
        let sleeper = Sleeper()
        sleeper.given.withLock { $0 = first }
        let thread = Thread { work(shared, sleeper: sleeper) }
        thread.name = "nmti-render"
        thread.start()
    }

    /// A thread's life: make its resource, then run the job it was started for and every
    /// job it is given or finds queued until asked to stop. A thread that cannot make its
    /// resource fails the job it was started for and ends; if jobs are queued, the oldest
    /// gets a new thread and a new attempt.
    private static func work(_ shared: Shared, sleeper: Sleeper) {
        var resource: Resource
        do throws(RenderError) {
            resource = try shared.make()
            shared.state.withLock { $0.made += 1 }
        } catch {
            sleeper.take()?.fail(error)
            let replacement: Job? = shared.state.withLock { state in
                state.threads -= 1
                guard !state.stopping, let job = state.takeJob() else { return nil }
                state.threads += 1
                return job
            }
            if let replacement { startThread(shared, first: replacement) }
            return
        }
        while !serve(shared, sleeper: sleeper, resource: &resource) {
            sleeper.wakeUp.wait()
        }
        shared.state.withLock { state in
            state.threads -= 1
            state.idle.removeAll { $0 === sleeper }
        }
    }

    /// Runs the job `sleeper` was given, then every queued one; returns false once the
    /// thread is idle, true when it must stop. It returns holding no job and no result,
    /// so a sleeping thread keeps nothing a job captured (such as the renderer) alive.
    private static func serve(_ shared: Shared, sleeper: Sleeper, resource: inout Resource) -> Bool {
        guard var job = sleeper.take() else { return true }  // woken with no job: stop
        while true {
            let deliver = job.run(&resource)
            // Take the next queued job, or queue as idle, before handing the result over
            // (see the type's comment: the caller's next job then finds this thread).
            let (queued, stop) = shared.state.withLock { state -> (Job?, Bool) in
                if let queued = state.takeJob() { return (queued, false) }
                if state.stopping { return (nil, true) }
                state.idle.append(sleeper)
                return (nil, false)
            }
            deliver()
            if stop { return true }
            guard let queued else { return false }
            job = queued
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
