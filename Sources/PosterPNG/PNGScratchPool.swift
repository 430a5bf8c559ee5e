import Synchronization

/// One reusable block of raw memory for the encoder's big per-call buffers.
///
/// `@unchecked Sendable` is sound because `PNGScratchPool` hands each buffer to
/// exactly one encode at a time; nothing else can reach it while it is lent out.
final class PNGScratchBuffer: @unchecked Sendable {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(byteCount: self.capacity, alignment: 64)
    }

    /// Makes room for `byteCount` bytes; contents are not preserved, since every
    /// encode overwrites the memory before reading it.
    func reserve(_ byteCount: Int) {
        guard byteCount > capacity else { return }
        base.deallocate()
        capacity = byteCount
        base = .allocate(byteCount: capacity, alignment: 64)
    }

    deinit { base.deallocate() }
}

/// Idle scratch buffers shared by every `PNGEncoder` in the process.
///
/// Why a pool: a poster needs about 3 MB of scanlines plus a 3 MB compression
/// bound. Allocated per call, glibc returns that memory to the kernel on free and
/// page-faults it back in next time, which cost roughly 20% of
/// an encode. Why shared and locked: `PNGEncoder` stays a `Sendable` value usable
/// from any thread; the lock is taken twice per encode, never during the work.
final class PNGScratchPool: Sendable {
    /// The pool all encoders use.
    static let shared = PNGScratchPool()

    /// At most this many idle buffers are kept; extra ones are freed on return.
    let maxIdleBuffers: Int
    /// Buffers larger than this are freed rather than kept, so one huge image
    /// does not pin its memory for the life of the process.
    let maxRetainedBytes: Int
    private let idle = Mutex<[PNGScratchBuffer]>([])

    init(maxIdleBuffers: Int = 4, maxRetainedBytes: Int = 64 << 20) {
        self.maxIdleBuffers = maxIdleBuffers
        self.maxRetainedBytes = maxRetainedBytes
    }

    /// Lends `body` a buffer of at least `byteCount` bytes for the duration of the call.
    func withBuffer<Result, Failure: Error>(
        byteCount: Int,
        _ body: (UnsafeMutableRawPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let buffer = idle.withLock { $0.popLast() } ?? PNGScratchBuffer(capacity: byteCount)
        buffer.reserve(byteCount)
        // Return the buffer on both success and failure paths.
        defer {
            if buffer.capacity <= maxRetainedBytes {
                idle.withLock { buffers in
                    if buffers.count < maxIdleBuffers { buffers.append(buffer) }
                }
            }
        }
        return try body(buffer.base)
    }

    /// Number of idle buffers, for tests.
    var idleCount: Int { idle.withLock { $0.count } }
}
