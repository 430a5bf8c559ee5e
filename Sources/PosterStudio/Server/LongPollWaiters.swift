import Dispatch
import PosterHTTP
import Synchronization

/// Pages waiting for the next theme generation (`GET /api/wait?after=N&…`): each is
/// answered with its poster drawn with the new theme as soon as a save reloads it, or
/// with `{"unchanged": true}` after the hold time, when it simply asks again.
///
/// At most `maximum` wait at once; a new one beyond that answers the oldest (a page that
/// went away leaves its request behind until then).
final class LongPollWaiters: Sendable {
    /// The most requests held.
    static let maximum = 16

    struct Waiter {
        let after: Int
        let variant: StudioVariant
        let responder: HTTPResponder
        let deadline: UInt64
    }

    private struct Held {
        var waiters: [UInt64: Waiter] = [:]
        var next: UInt64 = 0
    }

    private let held = Mutex(Held())

    /// Holds a request until a generation after `after`, or `seconds`.
    func add(after: Int, variant: StudioVariant, responder: HTTPResponder, seconds: Double, engine: StudioEngine) {
        if engine.generation > after { return answer(variant, responder, engine: engine) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        let evicted = held.withLock { held -> Waiter? in
            held.next += 1
            held.waiters[held.next] = Waiter(after: after, variant: variant, responder: responder, deadline: deadline)
            guard held.waiters.count > Self.maximum, let oldest = held.waiters.keys.min() else { return nil }
            return held.waiters.removeValue(forKey: oldest)
        }
        if let evicted { evicted.responder.respond(Self.unchanged(engine.generation)) }
        // A reload between the check above and the insertion would otherwise be missed.
        let now = engine.generation
        if now > after { release(through: now, engine: engine) }
    }

    /// Answers every request waiting for a generation before `generation`.
    func release(through generation: Int, engine: StudioEngine) {
        let ready = held.withLock { held -> [Waiter] in
            let keys = held.waiters.filter { $0.value.after < generation }.map(\.key)
            return keys.compactMap { held.waiters.removeValue(forKey: $0) }
        }
        for waiter in ready { answer(waiter.variant, waiter.responder, engine: engine) }
    }

    /// Answers the requests held past their time with `{"unchanged": true}`.
    func expire(engine: StudioEngine) {
        let now = DispatchTime.now().uptimeNanoseconds
        let expired = held.withLock { held -> [Waiter] in
            let keys = held.waiters.filter { $0.value.deadline <= now }.map(\.key)
            return keys.compactMap { held.waiters.removeValue(forKey: $0) }
        }
        for waiter in expired { waiter.responder.respond(Self.unchanged(engine.generation)) }
    }

    /// How many requests are held now.
    var count: Int { held.withLock { $0.waiters.count } }

    private func answer(_ variant: StudioVariant, _ responder: HTTPResponder, engine: StudioEngine) {
        engine.frame(for: variant) { result in responder.respond(StudioResponse.frame(result)) }
    }

    static func unchanged(_ generation: Int) -> HTTPResponse {
        StudioResponse.json(Array("{\"generation\":\(generation),\"unchanged\":true}".utf8))
    }
}
