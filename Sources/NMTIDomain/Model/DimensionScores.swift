/// The four raw dimension totals of one quiz result.
public struct DimensionScores: Sendable, Hashable, Codable {
    /// The total on the C dimension; zero or more is its positive pole.
    public var c: Int
    /// The total on the S dimension; zero or more is its positive pole.
    public var s: Int
    /// The total on the E dimension; zero or more is its positive pole.
    public var e: Int
    /// The total on the A dimension; zero or more is its positive pole.
    public var a: Int

    /// Creates scores from the four raw totals.
    public init(c: Int, s: Int, e: Int, a: Int) {
        self.c = c
        self.s = s
        self.e = e
        self.a = a
    }

    /// The raw total for one dimension.
    public subscript(dimension: Dimension) -> Int {
        switch dimension {
        case .c: c
        case .s: s
        case .e: e
        case .a: a
        }
    }
}

/// How a raw score maps onto a chart bar.
///
/// The documented display scale runs from `-range` to `+range` (±12: the quiz
/// asks at most six questions per dimension worth up to two points each).
/// Scores beyond it are clamped for display and never rejected.
public enum DimensionScale {
    /// What a chart says for a score of 0, which leans toward neither pole.
    public static let balancedName = "五五开"

    /// The magnitude at which a bar reaches its end.
    public static let range = 12

    /// The bar position for a raw score: 0 is the far negative pole, 1 the far
    /// positive pole and 0.5 the middle (a score of zero).
    public static func position(for score: Int) -> Double {
        let clamped = min(max(score, -range), range)
        return (Double(clamped) + Double(range)) / Double(2 * range)
    }

    /// The strength of the lean, 0...100 percent, toward whichever pole the
    /// score resolves to.
    public static func percent(for score: Int) -> Int {
        // Clamp before abs: abs(Int.min) traps, and results may carry any Int.
        let clamped = abs(min(max(score, -range), range))
        return Int((Double(clamped) * 100 / Double(range)).rounded())
    }
}
