import Testing
@testable import PosterServer

/// Admission control in front of the renderer's one pool: workers plus queue, then 429.
@Suite struct RenderAdmissionTests {
    @Test func admitsWorkersPlusQueueThenRefuses() {
        let admission = RenderAdmission(workers: 2, capacity: 3)
        #expect((0..<5).allSatisfy { _ in admission.admit() })
        #expect(!admission.admit())
        #expect(admission.isFull)
        #expect(admission.counts == (queued: 5, running: 0, rejected: 1))
        admission.started()
        admission.started()
        #expect(admission.counts == (queued: 3, running: 2, rejected: 1))
        admission.finished()
        #expect(!admission.isFull)
        #expect(admission.admit())
        #expect(admission.counts == (queued: 4, running: 1, rejected: 1))
    }
}
