import Testing
@testable import PosterGraphics

/// How good a break before each character is: reduplications, words, particles, clauses.
@Suite struct BreakQualityTests {
    /// The quality before each character, with every position a word start unless `inside` lists it.
    func qualities(_ text: String, inside: Set<Int> = []) -> [BreakQuality] {
        let characters = Array(text)
        let starts = characters.indices.map { !inside.contains($0) }
        return BreakQuality.qualities(characters, wordStarts: starts)
    }

    @Test func aaReduplicationsAreNeverPlainBreaks() {
        // 默默, 偷偷, 慢慢, 明明: a break between the two is inside a reduplication.
        for text in ["默默", "偷偷", "慢慢", "明明"] {
            #expect(qualities(text)[1] == .insideReduplication, "\(text)")
        }
    }

    @Test func aabbBreaksBetweenItsHalvesToo() {
        let result = qualities("安安静静地")
        #expect(result[1] == .insideReduplication)
        #expect(result[2] == .insideReduplication, "安安/静静")
        #expect(result[3] == .insideReduplication)
        #expect(result[4] == .word, "地 leans on the word before")
    }

    @Test func abbWithAKnownSuffix() {
        #expect(qualities("乐呵呵")[1] == .insideReduplication, "乐/呵呵")
        #expect(qualities("灰溜溜")[1] == .insideReduplication)
        // 你/默默 is two words: 默默 is no ABB suffix.
        #expect(qualities("你默默")[1] == .phrase)
    }

    @Test func aDoubledPairInsideAWordIsAReduplication() {
        // 气喘吁吁 as one dictionary word: 喘/吁吁 splits the reduplicated tail.
        #expect(qualities("气喘吁吁", inside: [1, 2, 3])[2] == .insideReduplication)
        // 默默无闻: 默默/无闻 inside the word.
        #expect(qualities("默默无闻", inside: [1, 2, 3])[2] == .insideReduplication)
        // Between words it is an ordinary break: 你/默默.
        #expect(qualities("你默默", inside: [2])[1] == .phrase)
    }

    @Test func wordsParticlesAndClauses() {
        // 要命 is one word (position 1 not a start); 了 leans; after ， is a clause.
        let result = qualities("要命了，好", inside: [1])
        #expect(result == [.clause, .insideWord, .word, .clause, .clause])
        #expect(qualities("KPI我扛")[3] == .clause, "between a Latin word and Han")
    }
}
