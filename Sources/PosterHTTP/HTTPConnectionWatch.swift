import Dispatch
import Foundation
import Synchronization

/// Open connections and how long each has been waiting for its request to arrive.
/// libmicrohttpd's timeout only notices silence; a client sending one byte a second
/// is never silent, so a watchdog shuts down (`shutdown(2)`, not `close`: the library
/// still owns the descriptor) any connection whose request is not in after the read timeout.
final class HTTPConnectionWatch: Sendable {
    struct Record {
        let descriptor: Int32
        var readingSince: UInt64?
    }

    private let readTimeout: UInt64
    private let records = Mutex<[UInt: Record]>([:])
    /// Descriptors of connections whose request is being answered (a render may be running).
    private let answering = Mutex<Set<Int32>>([])
    private let timeoutCount = Atomic<Int>(0)
    private let running = Atomic<Bool>(false)

    init(readTimeout seconds: Double) {
        readTimeout = UInt64(max(0.05, seconds) * 1e9)
    }

    var timeouts: Int { timeoutCount.load(ordering: .relaxed) }

    func opened(_ key: UInt, descriptor: Int32) {
        records.withLock { $0[key] = Record(descriptor: descriptor, readingSince: DispatchTime.now().uptimeNanoseconds) }
    }

    func closed(_ key: UInt) {
        records.withLock { records in
            if let record = records.removeValue(forKey: key) { answering.withLock { _ = $0.remove(record.descriptor) } }
        }
    }

    /// The request is in: no read deadline while it is being answered.
    func requestArrived(_ key: UInt) {
        records.withLock { records in
            records[key]?.readingSince = nil
            if let descriptor = records[key]?.descriptor { answering.withLock { _ = $0.insert(descriptor) } }
        }
    }

    /// The answer is done: the next request on this connection must arrive in time too.
    func requestFinished(_ key: UInt) {
        records.withLock { records in
            records[key]?.readingSince = DispatchTime.now().uptimeNanoseconds
            if let descriptor = records[key]?.descriptor { answering.withLock { _ = $0.remove(descriptor) } }
        }
    }

    /// Whether the connection on this descriptor has a request being answered.
    func isAnswering(_ descriptor: Int32) -> Bool {
        answering.withLock { $0.contains(descriptor) }
    }

    func start() {
        running.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                usleep(100_000)
                sweep()
            }
        }
        thread.name = "http read deadline"
        thread.start()
    }

    func stop() {
        running.store(false, ordering: .relaxed)
    }

    private func sweep() {
        let now = DispatchTime.now().uptimeNanoseconds
        records.withLock { records in
            for (key, record) in records {
                guard let since = record.readingSince, now > since, now - since > readTimeout else { continue }
                // Under the lock: the library reports a connection closed (and removes it
                // here) before it closes the descriptor, so this never hits a reused one.
                shutdown(record.descriptor, Int32(SHUT_RDWR))
                records[key]?.readingSince = nil
                timeoutCount.add(1, ordering: .relaxed)
            }
        }
    }
}
