import Synchronization

/// The renders under way, by poster key: a request for a poster already being drawn
/// waits for that render instead of starting another, so a burst of requests for one
/// new poster (a link shared in a group) costs one render and one queue place.
final class InFlightRenders: Sendable {
    private let waiting = Mutex<[String: [Exchange]]>([:])

    /// Joins the render of `digest` if one is under way (true), or registers this exchange
    /// as the one that starts it (false).
    func join(_ digest: String, _ exchange: Exchange) -> Bool {
        waiting.withLock { renders in
            if renders[digest] != nil {
                renders[digest]?.append(exchange)
                return true
            }
            renders[digest] = []
            return false
        }
    }

    /// The render of `digest` is over: the exchanges that joined it, which now get its answer.
    func finish(_ digest: String) -> [Exchange] {
        waiting.withLock { $0.removeValue(forKey: digest) ?? [] }
    }
}
