import PosterDisplay

/// Texts a shaper has already laid out, by everything that decides the result:
/// the text, its style, the box and whether ink was measured.
///
/// Most of a poster's text repeats from poster to poster: the theme's labels
/// and captions, and the copy of the 32 variants (names, titles, descriptions).
/// Only what is the user's own (a nickname, a score) is new. A laid-out text is
/// a plain value drawn exactly as measured and the fonts are pinned, so a text
/// laid out again with the same inputs is the same value; the cache hands it
/// back instead of shaping it with Pango again.
///
/// Bounded three ways: at most `capacity` texts and `generationBytes` UTF-8
/// bytes of text in each of two generations (a text used in the current
/// generation stays; when it fills, the older one is dropped, so the cache is
/// nearly least-recently-used at no bookkeeping cost), and texts longer than
/// `longestText` bytes are never kept. A laid-out text costs about 30 bytes a
/// character, so a worker's cache stays within a few megabytes whatever it is
/// given. One per shaper, so one per thread: no lock.
package struct LayoutCache {
    /// What a text's layout depends on.
    struct Key: Hashable {
        let text: String
        let style: TextStyle
        let width: Double?
        let maxHeight: Double?
        let measuringInk: Bool
    }

    /// The most texts each generation holds; 0 turns the cache off.
    package let capacity: Int
    private var current: [Key: LaidOutText] = [:]
    private var previous: [Key: LaidOutText] = [:]
    /// The UTF-8 bytes of the texts in `current`.
    private var currentBytes = 0
    /// Look-ups answered from the cache, for tests and the benchmark.
    package private(set) var hits = 0
    /// Look-ups that had to lay the text out.
    package private(set) var misses = 0

    /// The default size: a theme's texts for all 32 variants (a few hundred)
    /// several times over, a few megabytes at most per thread.
    package static let defaultCapacity = 1024
    /// Texts longer than this many UTF-8 bytes are laid out every time: a poster's
    /// own texts are far shorter, and hostile input must not fill memory.
    package static let longestText = 4096
    /// The most UTF-8 bytes of text one generation holds.
    package static let generationBytes = 64 * 1024

    /// A cache of at most `capacity` texts per generation (0: nothing is kept).
    package init(capacity: Int = LayoutCache.defaultCapacity) {
        self.capacity = max(0, capacity)
    }

    /// The number of texts held now (both generations).
    package var count: Int { current.count + previous.count }

    /// The cached layout for `key`, or the one `make` produces, kept for next time.
    mutating func value(for key: Key, make: () -> LaidOutText) -> LaidOutText {
        guard capacity > 0, key.text.utf8.count <= Self.longestText else {
            misses += 1
            return make()
        }
        if let hit = current[key] {
            hits += 1
            return hit
        }
        let value: LaidOutText
        if let old = previous.removeValue(forKey: key) {
            hits += 1
            value = old
        } else {
            misses += 1
            value = make()
        }
        let bytes = key.text.utf8.count
        if current.count >= capacity || currentBytes + bytes > Self.generationBytes {
            previous = current
            current = [:]
            currentBytes = 0
        }
        current[key] = value
        currentBytes += bytes
        return value
    }
}
