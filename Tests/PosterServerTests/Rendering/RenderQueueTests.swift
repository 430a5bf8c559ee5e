import Foundation
import PosterServer
import Synchronization
import Testing

@Suite("Render queue")
struct RenderQueueTests {
    /// Something a job captures, whose release is observable.
    final class Payload: Sendable {
        let bytes = [UInt8](repeating: 7, count: 1024)
    }

    final class Probe: Sendable {
        let references = Mutex<[WeakPayload]>([])
        struct WeakPayload: @unchecked Sendable { weak var payload: Payload? }
    }

    /// A finished job's closure, and everything it captured (in the service: the
    /// request and the poster's bytes), is released as soon as it has run. Before,
    /// taken jobs stayed in the queue's array until 1,024 had run, about 140 MB of
    /// posters in a service under load.
    @Test func finishedJobsReleaseWhatTheyCaptured() throws {
        let queue = RenderQueue(workers: 2, capacity: 200)
        defer { queue.stop() }
        let probe = Probe()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<100 {
            let payload = Payload()
            probe.references.withLock { $0.append(.init(payload: payload)) }
            #expect(queue.submit { _ in
                _ = payload.bytes.count
                done.signal()
            })
        }
        for _ in 0..<100 { #expect(done.wait(timeout: .now() + 30) == .success) }
        // The worker drops its last reference right after `run` returns.
        var alive = 100
        for _ in 0..<200 {
            alive = probe.references.withLock { $0.filter { $0.payload != nil }.count }
            if alive == 0 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(alive == 0, "\(alive) finished jobs are still held")
    }
}
