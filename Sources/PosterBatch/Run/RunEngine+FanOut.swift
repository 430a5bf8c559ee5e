import Dispatch
import PosterKit
import Synchronization

extension RunEngine {
    /// How many jobs may be in flight per worker: one drawing and one waiting, so a worker
    /// that finishes finds its next job queued instead of waiting for the calling thread.
    static let jobsInFlightPerWorker = 2

    /// Hands every job of `source` to the renderer's workers and returns when all are
    /// finished. The calling thread reads the source; at most `jobsInFlightPerWorker`
    /// jobs per worker are submitted and not yet finished, so the source is read only as
    /// fast as posters are made. With `.onCallingThread`, finished jobs come back to the
    /// calling thread, which finishes them (writes, hashes, journals) between reading
    /// items; with `.onWorker`, each job is finished by the worker that rendered it.
    func fanOut<Source: RunSource>(_ source: inout Source, run: RunContext, finishing: RunOptions.Finishing) {
        let limit = Self.jobsInFlightPerWorker * renderer.workerCount
        let finished = FinishedJobs<Source.Job>(finishing: finishing)
        var inFlight = 0
        var exhausted = false
        while true {
            while !exhausted && inFlight < limit {
                guard let item = source.next() else {
                    exhausted = true
                    break
                }
                run.countItem()
                switch item {
                case .rejected(let failure, let ordinal):
                    run.fail(failure, ordinal: ordinal)
                case .job(let job):
                    guard let admitted = job.admitted(to: run) else { continue }
                    inFlight += 1
                    renderer.submit(admitted.request) { outcome in
                        finished.add(admitted, outcome ?? .failure(RenderError(.graphics, "the render was not started")), run: run)
                    }
                }
            }
            guard inFlight > 0 else { return }
            finished.takeOne(run: run)
            inFlight -= 1
        }
    }
}

/// Jobs that workers have finished rendering, on their way back to the calling thread.
/// Holds at most as many as are in flight: the engine submits no more until it has taken one.
private final class FinishedJobs<Job: RunJob>: Sendable {
    private let finishing: RunOptions.Finishing
    private let ready = DispatchSemaphore(value: 0)
    private let waiting = Mutex<[(job: Job, outcome: Result<RenderOutput, RenderError>)]>([])

    init(finishing: RunOptions.Finishing) {
        self.finishing = finishing
    }

    /// Called on a worker with a job's outcome: finishes it there, or queues it for the calling thread.
    func add(_ job: Job, _ outcome: Result<RenderOutput, RenderError>, run: RunContext) {
        switch finishing {
        case .onWorker: job.finish(outcome, in: run)
        case .onCallingThread: waiting.withLock { $0.append((job, outcome)) }
        }
        ready.signal()
    }

    /// Waits for one job to come back and, when the calling thread finishes jobs, finishes it.
    func takeOne(run: RunContext) {
        ready.wait()
        guard finishing == .onCallingThread else { return }
        guard let taken = waiting.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
        taken.job.finish(taken.outcome, in: run)
    }
}
