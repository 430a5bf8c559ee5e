import Foundation
import Testing
@testable import NMTIDomain

@Suite("Dimension scale")
struct DimensionScaleTests {
    @Test func rangeIsTwelve() {
        #expect(DimensionScale.range == 12)
    }

    @Test(arguments: [
        (0, 0.5), (12, 1.0), (-12, 0.0), (6, 0.75), (-6, 0.25), (3, 0.625),
        (30, 1.0), (-30, 0.0), (13, 1.0), (Int.max, 1.0), (Int.min, 0.0),
    ])
    func positionIsClampedToTheBar(score: Int, position: Double) {
        #expect(DimensionScale.position(for: score) == position)
    }

    @Test(arguments: [
        (0, 0), (1, 8), (-1, 8), (6, 50), (-6, 50), (9, 75), (12, 100), (-12, 100),
        (30, 100), (-30, 100), (Int.max, 100), (Int.min, 100),
    ])
    func percentIsTheLeanTowardTheResolvedPole(score: Int, percent: Int) {
        #expect(DimensionScale.percent(for: score) == percent)
    }

    @Test func positionIsMonotonicAcrossTheScale() {
        let positions = (-14...14).map(DimensionScale.position(for:))
        #expect(positions == positions.sorted())
        #expect(positions.allSatisfy { (0...1).contains($0) })
    }

    @Test func readingsFollowTheScaleAndThePoles() {
        let result = QuizResult(scores: DimensionScores(c: 30, s: -3, e: 0, a: -12))
        let readings = ResolvedResult(result).dimensionReadings
        #expect(readings.map(\.dimension) == NMTIDomain.Dimension.allCases)
        #expect(readings.map(\.score) == [30, -3, 0, -12])
        #expect(readings.map(\.percent) == [100, 25, 0, 100])
        #expect(readings.map(\.position) == [1, 0.375, 0.5, 0])
        #expect(String(readings.map(\.pole.letter)) == result.code.rawValue)
    }

    @Test func outOfScaleScoresAreNeverRejected() throws {
        let data = #"{"scores": {"c": 30, "s": -99, "e": 1000, "a": -12}}"#.data(using: .utf8)!
        let result = try QuizResult(jsonData: data)
        #expect(result.scores == DimensionScores(c: 30, s: -99, e: 1000, a: -12))
        #expect(result.code.rawValue == "POEM")
    }
}

/// A score of 0 leans toward neither pole: charts say 五五开, not 卷王0%.
@Suite("Dimension reading lean")
struct DimensionReadingLeanTests {
    @Test(arguments: [
        (NMTIDomain.Dimension.c, 0, "五五开"), (.a, 0, "五五开"), (.c, 5, "卷王42%"), (.c, -1, "躺平8%"),
        (.s, 12, "显眼包100%"), (.e, -30, "内耗消化100%"), (.a, 1, "拍板8%"),
    ])
    func leanNamesThePoleOrBalance(dimension: NMTIDomain.Dimension, score: Int, lean: String) {
        let reading = DimensionReading(dimension: dimension, score: score)
        #expect(reading.lean == lean)
        #expect(reading.isBalanced == (score == 0))
    }
}
