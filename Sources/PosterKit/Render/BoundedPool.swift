import Dispatch
import Synchronization

/// At most `capacity` reusable resources (render workers), made on first need and
/// lent to one caller at a time; callers beyond the capacity wait, first come first served.
///
/// Waiting blocks on a per-caller semaphore (no spinning). A resource that is not
/// `Sendable` (a worker holds Pango and Cairo state) moves between threads only inside
/// its own `Mutex`, which the pool hands to one borrower at a time, so the lock is never
/// contended and the compiler checks every hand-over.
package final class BoundedPool<Resource>: Sendable {
    /// One resource, owned by the pool and borrowed whole.
    final class Slot: Sendable {
        let resource: Mutex<Resource>
        init(_ resource: sending Resource) { self.resource = Mutex(resource) }
    }

    /// What a waiting caller is given when its turn comes.
    enum Grant: Sendable {
        /// A resource another caller has just returned.
        case reuse(Slot)
        /// Room to make a new resource (a creation failed and freed its place).
        case make
    }

    /// A caller waiting for its turn.
    final class Waiter: Sendable {
        let wakeUp = DispatchSemaphore(value: 0)
        let grant = Mutex<Grant?>(nil)
    }

    struct State: Sendable {
        var idle: [Slot] = []
        var made = 0
        var everMade = 0
        var waiters: [Waiter] = []  // FIFO: the first waits longest
    }

    /// The most resources that ever exist at once.
    package let capacity: Int
    private let make: @Sendable () throws(RenderError) -> Resource
    private let state = Mutex(State())

    /// A pool of at most `capacity` (at least 1) resources built by `make` when first needed.
    package init(capacity: Int, make: @escaping @Sendable () throws(RenderError) -> Resource) {
        self.capacity = max(1, capacity)
        self.make = make
    }

    /// How many resources the pool has made since it was created (failed attempts not counted).
    package var resourcesMade: Int { state.withLock { $0.everMade } }

    /// Runs `body` with a resource no other caller is using, waiting for one if all are lent.
    package func withResource<R: Sendable>(_ body: (inout Resource) throws(RenderError) -> R) throws(RenderError) -> R {
        let slot = try acquire()
        defer { release(slot) }
        return try slot.resource.withLock { (resource: inout Resource) throws(RenderError) -> R in try body(&resource) }
    }

    private enum Turn {
        case reuse(Slot)
        case make
        case wait(Waiter)
    }

    private func acquire() throws(RenderError) -> Slot {
        let turn: Turn = state.withLock { state in
            if state.waiters.isEmpty, let slot = state.idle.popLast() { return .reuse(slot) }
            if state.made < capacity {
                state.made += 1
                return .make
            }
            let waiter = Waiter()
            state.waiters.append(waiter)
            return .wait(waiter)
        }
        switch turn {
        case .reuse(let slot):
            return slot
        case .make:
            return try makeSlot()
        case .wait(let waiter):
            waiter.wakeUp.wait()
            switch waiter.grant.withLock({ $0 }) {
            case .reuse(let slot): return slot
            case .make, .none: return try makeSlot()  // .none cannot happen: a grant is set before the wake-up
            }
        }
    }

    /// Makes a resource in a place already counted in `made`; a failure gives the place back.
    private func makeSlot() throws(RenderError) -> Slot {
        do throws(RenderError) {
            let slot = Slot(try make())
            state.withLock { $0.everMade += 1 }
            return slot
        } catch {
            let next: Waiter? = state.withLock { state in
                guard !state.waiters.isEmpty else {
                    state.made -= 1
                    return nil
                }
                return state.waiters.removeFirst()  // the place passes to the next caller, who tries again
            }
            if let next { hand(.make, to: next) }
            throw error
        }
    }

    private func release(_ slot: Slot) {
        let next: Waiter? = state.withLock { state in
            guard !state.waiters.isEmpty else {
                state.idle.append(slot)
                return nil
            }
            return state.waiters.removeFirst()
        }
        if let next { hand(.reuse(slot), to: next) }
    }

    private func hand(_ grant: Grant, to waiter: Waiter) {
        waiter.grant.withLock { $0 = grant }
        waiter.wakeUp.signal()
    }
}
