import Synchronization

/// Admission control in front of the renderer's workers: at most `workers` renders run
/// at once (the renderer's own pool, the one pool of the process) and at most `capacity`
/// wait for one; one more is refused at once, and the caller answers 429. It holds no
/// threads and no jobs: an admitted render goes straight to the renderer, and its
/// connection stays suspended (no thread) until a worker answers it.
final class RenderAdmission: Sendable {
    struct Counts {
        /// Admitted and not finished (waiting or running).
        var admitted = 0
        /// Taken by a worker and not finished.
        var running = 0
        /// Refused because every worker was busy and `capacity` were waiting.
        var rejected = 0
    }

    /// Renders that run at once: the renderer's workers.
    let workers: Int
    /// Renders that may wait for a worker.
    let capacity: Int
    private let state = Mutex(Counts())

    init(workers: Int, capacity: Int) {
        self.workers = max(1, workers)
        self.capacity = max(0, capacity)
    }

    /// Admits one render; false (and counted as rejected) when the workers and the queue are full.
    func admit() -> Bool {
        state.withLock { counts in
            guard counts.admitted < workers + capacity else {
                counts.rejected += 1
                return false
            }
            counts.admitted += 1
            return true
        }
    }

    /// A worker took an admitted render.
    func started() {
        state.withLock { $0.running += 1 }
    }

    /// An admitted render is over: drawn, failed or dropped for its deadline.
    func finished() {
        state.withLock { counts in
            counts.admitted -= 1
            counts.running -= 1
        }
    }

    /// Renders waiting, running, refused so far.
    var counts: (queued: Int, running: Int, rejected: Int) {
        state.withLock { ($0.admitted - $0.running, $0.running, $0.rejected) }
    }

    /// Whether a new render would be refused now.
    var isFull: Bool {
        state.withLock { $0.admitted >= workers + capacity }
    }
}
