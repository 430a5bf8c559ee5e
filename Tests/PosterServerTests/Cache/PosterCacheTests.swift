import Testing
@testable import PosterServer

@Suite struct PosterCacheTests {
    @Test func evictsTheLeastRecentlyUsedPastItsByteBound() {
        let cache = PosterCache(capacityBytes: 300)
        cache.insert([UInt8](repeating: 1, count: 100), for: "a")
        cache.insert([UInt8](repeating: 2, count: 100), for: "b")
        cache.insert([UInt8](repeating: 3, count: 100), for: "c")
        #expect(cache.poster("a") != nil)  // a is now the most recent; b the least
        cache.insert([UInt8](repeating: 4, count: 100), for: "d")
        #expect(cache.poster("b") == nil)
        #expect(cache.poster("a")?.first == 1)
        #expect(cache.poster("c")?.first == 3)
        #expect(cache.poster("d")?.first == 4)
        let statistics = cache.statistics
        #expect(statistics.bytes == 300)
        #expect(statistics.entries == 3)
        #expect(statistics.evictions == 1)
        #expect(statistics.hits == 4)
        #expect(statistics.misses == 1)
    }

    @Test func refusesWhatCannotFitAndReplacesByKey() {
        let cache = PosterCache(capacityBytes: 150)
        cache.insert([UInt8](repeating: 0, count: 151), for: "huge")
        #expect(cache.poster("huge") == nil)
        cache.insert([UInt8](repeating: 1, count: 100), for: "k")
        cache.insert([UInt8](repeating: 2, count: 120), for: "k")
        #expect(cache.poster("k")?.first == 2)
        #expect(cache.statistics.bytes == 120)
        let none = PosterCache(capacityBytes: 0)
        none.insert([1], for: "x")
        #expect(none.poster("x") == nil)
    }
}
