import PosterGraphics
import Testing
@testable import PosterServer
@testable import PosterHTTP

@Suite struct PosterCacheTests {
    func body(_ value: UInt8, _ count: Int) -> HTTPSharedBody {
        HTTPSharedBody(copying: [UInt8](repeating: value, count: count))
    }

    @Test func evictsTheLeastRecentlyUsedPastItsByteBound() {
        let cache = PosterCache(capacityBytes: 300)
        cache.insert(body(1, 100), for: "a")
        cache.insert(body(2, 100), for: "b")
        cache.insert(body(3, 100), for: "c")
        #expect(cache.poster("a") != nil)  // a is now the most recent; b the least
        cache.insert(body(4, 100), for: "d")
        #expect(cache.poster("b") == nil)
        #expect(cache.poster("a")?.bytes.first == 1)
        #expect(cache.poster("c")?.bytes.first == 3)
        #expect(cache.poster("d")?.bytes.first == 4)
        let statistics = cache.statistics
        #expect(statistics.bytes == 300)
        #expect(statistics.entries == 3)
        #expect(statistics.evictions == 1)
        #expect(statistics.hits == 4)
        #expect(statistics.misses == 1)
    }

    @Test func refusesWhatCannotFitAndReplacesByKey() {
        let cache = PosterCache(capacityBytes: 150)
        cache.insert(body(0, 151), for: "huge")
        #expect(cache.poster("huge") == nil)
        cache.insert(body(1, 100), for: "k")
        cache.insert(body(2, 120), for: "k")
        #expect(cache.poster("k")?.bytes.first == 2)
        #expect(cache.statistics.bytes == 120)
        let none = PosterCache(capacityBytes: 0)
        none.insert(body(1, 1), for: "x")
        #expect(none.poster("x") == nil)
    }
}
