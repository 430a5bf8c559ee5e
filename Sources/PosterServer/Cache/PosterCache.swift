import Synchronization
import PosterHTTP

/// Rendered posters by `PosterKey`, least recently used evicted first, holding at
/// most `capacityBytes` of PNG bytes. A poster larger than the whole bound is not kept.
package final class PosterCache: Sendable {
    /// One cached poster in the recency list.
    final class Node {
        let key: String
        let png: HTTPSharedBody
        var newer: Node?
        weak var older: Node?

        init(key: String, png: HTTPSharedBody) {
            self.key = key
            self.png = png
        }
    }

    struct Store {
        var nodes: [String: Node] = [:]
        var newest: Node?
        var oldest: Node?
        var bytes = 0
        var hits = 0
        var misses = 0
        var evictions = 0

        mutating func unlink(_ node: Node) {
            if let older = node.older { older.newer = node.newer } else { oldest = node.newer }
            if let newer = node.newer { newer.older = node.older } else { newest = node.older }
            node.newer = nil
            node.older = nil
        }

        mutating func pushNewest(_ node: Node) {
            node.older = newest
            newest?.newer = node
            newest = node
            if oldest == nil { oldest = node }
        }
    }

    /// The memory bound in bytes.
    package let capacityBytes: Int
    private let store = Mutex(Store())

    /// A cache holding at most `capacityBytes` bytes of posters (0 keeps nothing).
    package init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
    }

    /// The poster for `key`, marking it most recently used; counts a hit or a miss.
    package func poster(_ key: String) -> HTTPSharedBody? {
        store.withLock { store in
            guard let node = store.nodes[key] else {
                store.misses += 1
                return nil
            }
            store.hits += 1
            store.unlink(node)
            store.pushNewest(node)
            return node.png
        }
    }

    /// The poster for `key` if held, without counting a look-up or changing its recency.
    package func peek(_ key: String) -> HTTPSharedBody? {
        store.withLock { $0.nodes[key]?.png }
    }

    /// Keeps a poster, evicting the least recently used until it fits.
    package func insert(_ png: HTTPSharedBody, for key: String) {
        guard png.count <= capacityBytes else { return }
        store.withLock { store in
            if let existing = store.nodes.removeValue(forKey: key) {
                store.unlink(existing)
                store.bytes -= existing.png.count
            }
            while store.bytes + png.count > capacityBytes, let victim = store.oldest {
                store.unlink(victim)
                store.nodes.removeValue(forKey: victim.key)
                store.bytes -= victim.png.count
                store.evictions += 1
            }
            let node = Node(key: key, png: png)
            store.nodes[key] = node
            store.pushNewest(node)
            store.bytes += png.count
        }
    }

    /// Counts for readiness and metrics.
    package struct Statistics: Sendable, Hashable {
        /// Posters held.
        package let entries: Int
        /// PNG bytes held.
        package let bytes: Int
        /// Look-ups that found a poster.
        package let hits: Int
        /// Look-ups that did not.
        package let misses: Int
        /// Posters dropped to make room.
        package let evictions: Int

        /// Hits over look-ups; 0 before the first look-up.
        package var hitRatio: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    /// The counts now.
    package var statistics: Statistics {
        store.withLock { Statistics(entries: $0.nodes.count, bytes: $0.bytes, hits: $0.hits, misses: $0.misses, evictions: $0.evictions) }
    }
}
