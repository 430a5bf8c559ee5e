/// What a pairing's label says about the two people, as data: how many poles they
/// share decides the relation, and the relation decides which tones its line may take.
///
/// A line never contradicts its label: a `rivals` or `opposites` label only gets
/// salty clauses, a `mirror` or `complement` label only sweet ones, and a `mixed`
/// label exactly one of each (`allows(_:)`, checked over all 512 pairs by the tests).
public enum PairRelation: String, CaseIterable, Sendable, Hashable {
    /// Same pole on all four dimensions (照镜子).
    case mirror
    /// Three poles shared, one split, and the split helps (卷躺互补, 一动一静 …).
    case complement
    /// Two shared, two split: one sweet and one salty clause (饭搭子, 相爱相杀 …).
    case mixed
    /// One pole shared, three split: they clash (同行冤家, 鸡同鸭讲 …).
    case rivals
    /// No pole shared (宿命死对头).
    case opposites

    /// The relation of two people who share `matchCount` of the four poles.
    public init(matchCount: Int) {
        switch matchCount {
        case 4...: self = .mirror
        case 3: self = .complement
        case 2: self = .mixed
        case 1: self = .rivals
        default: self = .opposites
        }
    }

    /// The tones a line under this relation is made of, in order.
    public var tones: [PairTone] {
        switch self {
        case .mirror, .complement: [.sweet, .sweet]
        case .mixed: [.sweet, .salty]
        case .rivals, .opposites: [.salty, .salty]
        }
    }

    /// Whether a line whose clauses have these tones agrees with the relation.
    public func allows(_ clauseTones: [PairTone]) -> Bool {
        clauseTones.sorted { $0.rawValue > $1.rawValue } == tones
    }
}

/// The mood of one clause of a pairing line.
public enum PairTone: String, CaseIterable, Sendable, Hashable {
    /// The two get on: they back each other up or fit together.
    case sweet
    /// The two grate: they compete, stall or talk past each other.
    case salty
}

extension Pairing {
    /// The label of a set of shared dimensions (in C, S, E, A order); one per set,
    /// 16 in all, the same in both packs.
    static func label(matching: [Dimension]) -> String {
        let opposing = Dimension.allCases.filter { !matching.contains($0) }
        switch matching.count {
        case 4:
            return "照镜子"
        case 3:
            switch opposing[0] {
            case .c: return "卷躺互补"
            case .s: return "一动一静"
            case .e: return "冰火搭子"
            case .a: return "主从默契"
            }
        case 2:
            switch (matching[0], matching[1]) {
            case (.c, .s): return "塑料战友"
            case (.c, .e): return "半路搭子"
            case (.c, .a): return "同路不同调"
            case (.s, .e): return "饭搭子"
            case (.s, .a): return "相爱相杀"
            default: return "薛定谔搭子"
            }
        case 1:
            switch matching[0] {
            case .c: return "同行冤家"
            case .s: return "貌合神离"
            case .e: return "欢喜冤家"
            case .a: return "鸡同鸭讲"
            }
        default:
            return "宿命死对头"
        }
    }
}
