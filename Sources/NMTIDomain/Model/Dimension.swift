/// One of the four NMTI dimensions: C, S, E and A.
///
/// Each answer in the quiz adds signed points to one dimension. A score of zero
/// or more lands on the dimension's positive pole, a negative score on its
/// negative pole.
public enum Dimension: String, CaseIterable, Sendable, Hashable, Codable {
    /// The C dimension, the first letter of a code.
    case c
    /// The S dimension, the second letter of a code.
    case s
    /// The E dimension, the third letter of a code.
    case e
    /// The A dimension, the fourth letter of a code.
    case a

    /// The upper-case letter used in docs and charts ("C", "S", "E", "A").
    public var letter: String { rawValue.uppercased() }

    /// The Chinese name of the dimension, as shown on charts.
    public var name: String {
        switch self {
        case .c: "卷度"
        case .s: "社交电量"
        case .e: "情绪出口"
        case .a: "话语权"
        }
    }

    /// The pole a score of zero or more resolves to.
    public var positivePole: Pole { Pole(dimension: self, isPositive: true) }

    /// The pole a negative score resolves to.
    public var negativePole: Pole { Pole(dimension: self, isPositive: false) }

    /// The pole a raw score resolves to; ties at zero go to the positive pole.
    public func pole(for score: Int) -> Pole {
        score >= 0 ? positivePole : negativePole
    }
}

/// One end of a dimension, such as C's positive pole `P` (卷王).
public struct Pole: Sendable, Hashable {
    /// The dimension this pole belongs to.
    public let dimension: Dimension
    /// Whether this is the pole that scores of zero or more resolve to.
    public let isPositive: Bool

    /// The letter this pole contributes to a personality code.
    public var letter: Character {
        switch (dimension, isPositive) {
        case (.c, true): "P"
        case (.c, false): "D"
        case (.s, true): "R"
        case (.s, false): "O"
        case (.e, true): "E"
        case (.e, false): "O"
        case (.a, true): "D"
        case (.a, false): "M"
        }
    }

    /// The Chinese name of the pole, as shown at the ends of a chart bar.
    public var name: String {
        switch (dimension, isPositive) {
        case (.c, true): "卷王"
        case (.c, false): "躺平"
        case (.s, true): "显眼包"
        case (.s, false): "隐身"
        case (.e, true): "当场发作"
        case (.e, false): "内耗消化"
        case (.a, true): "拍板"
        case (.a, false): "随缘"
        }
    }

    /// The other end of the same dimension.
    public var opposite: Pole { Pole(dimension: dimension, isPositive: !isPositive) }
}
