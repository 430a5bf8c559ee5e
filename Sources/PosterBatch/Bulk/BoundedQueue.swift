import Dispatch
import Synchronization

/// A first-in, first-out hand-off from one producer to several consumer threads that
/// holds at most `capacity` elements: the producer waits while it is full, so a
/// stream read faster than it is rendered never piles up in memory.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // @unchecked: the semaphores are thread-safe; the elements are guarded by the mutex.
    private let space: DispatchSemaphore
    private let ready = DispatchSemaphore(value: 0)
    private let state = Mutex<(elements: [Element?], head: Int, closed: Bool)>(([], 0, false))

    /// A queue holding at most `capacity` (at least 1) elements.
    init(capacity: Int) {
        space = DispatchSemaphore(value: max(1, capacity))
    }

    /// Adds an element, waiting while the queue is full.
    func push(_ element: Element) {
        space.wait()
        state.withLock { $0.elements.append(element) }
        ready.signal()
    }

    /// Says that nothing more will be pushed; consumers drain what is left, then get nil.
    func close() {
        state.withLock { $0.closed = true }
        ready.signal()
    }

    /// The oldest element, waiting for one; nil once the queue is closed and empty.
    func pop() -> Element? {
        ready.wait()
        let element: Element? = state.withLock { state in
            guard state.head < state.elements.count else { return nil }
            let element = state.elements[state.head].take()
            state.head += 1
            // Drop the consumed prefix now and then, so the array stays as small as the queue.
            if state.head >= 256, state.head * 2 >= state.elements.count {
                state.elements.removeFirst(state.head)
                state.head = 0
            }
            return element
        }
        guard let element else {
            // Closed and empty: pass the wake-up on, so every other consumer sees it too.
            ready.signal()
            return nil
        }
        space.signal()
        return element
    }
}
