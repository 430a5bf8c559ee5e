import Dispatch
import Foundation
import Synchronization

/// A bounded queue in front of a fixed set of render threads: at most `workers`
/// renders run at once and at most `capacity` wait. `submit` never blocks: a full
/// queue says so at once, and the caller answers 429.
public final class RenderQueue: Sendable {
    /// A job and when it was queued.
    struct Job {
        let enqueuedAt: UInt64
        let run: @Sendable (_ queuedNanoseconds: UInt64) -> Void
    }

    struct State {
        /// Queued jobs from `head` on; a slot is emptied as its job is taken, so a
        /// finished job's closure (and whatever it captured: the request, the
        /// poster's bytes) is released at once, not when the array is next compacted.
        var jobs: [Job?] = []
        var head = 0
        var running = 0
        var rejected = 0
        var stopped = false

        var waiting: Int { jobs.count - head }
    }

    /// Render threads.
    public let workers: Int
    /// Jobs that may wait.
    public let capacity: Int
    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    /// Starts `workers` threads.
    public init(workers: Int, capacity: Int) {
        self.workers = max(1, workers)
        self.capacity = max(0, capacity)
        for index in 0..<self.workers {
            let thread = Thread { [self] in work() }
            thread.name = "render \(index + 1)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Queues a job; false (and counted as rejected) when `capacity` jobs already wait
    /// and every worker is busy, or the queue is stopped.
    public func submit(_ run: @escaping @Sendable (_ queuedNanoseconds: UInt64) -> Void) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.stopped, state.waiting < capacity + max(0, workers - state.running) else {
                state.rejected += 1
                return false
            }
            state.jobs.append(Job(enqueuedAt: DispatchTime.now().uptimeNanoseconds, run: run))
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Jobs waiting, jobs running, jobs refused so far.
    public var counts: (queued: Int, running: Int, rejected: Int) {
        state.withLock { ($0.waiting, $0.running, $0.rejected) }
    }

    /// Whether a new job would be refused now.
    public var isFull: Bool {
        state.withLock { $0.waiting >= capacity + max(0, workers - $0.running) }
    }

    /// Lets the threads finish what is queued and then exit.
    public func stop() {
        state.withLock { $0.stopped = true }
        for _ in 0..<workers { available.signal() }
    }

    private func work() {
        while true {
            available.wait()
            let job = state.withLock { state -> Job? in
                guard state.head < state.jobs.count, let job = state.jobs[state.head] else { return nil }
                state.jobs[state.head] = nil
                state.head += 1
                if state.head > 64, state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                state.running += 1
                return job
            }
            guard let job else {
                if state.withLock({ $0.stopped }) { return }
                continue
            }
            job.run(DispatchTime.now().uptimeNanoseconds - job.enqueuedAt)
            state.withLock { $0.running -= 1 }
        }
    }
}
