extension PairClause {
    private static func pole(_ dimension: Dimension, _ positive: Bool) -> Claim {
        .shared(Pole(dimension: dimension, isPositive: positive))
    }

    /// 基础牛马包: 同事, 老板, 周报, KPI, 工位, 会议.
    static let workplace: [PairClause] = [
        // Both on one pole, sweet (mirror, complement, mixed).
        .init(pole(.c, true), .sweet, .workplace, "俩卷王互相打气冲KPI"),
        .init(pole(.c, false), .sweet, .workplace, "俩人摸鱼有默契，准点打卡下班"),
        .init(pole(.s, true), .sweet, .workplace, "俩显眼包一开口，团建就活了"),
        .init(pole(.s, false), .sweet, .workplace, "俩人在群里都潜水，耳根清净"),
        .init(pole(.e, true), .sweet, .workplace, "俩人有话当场说，吵完就翻篇"),
        .init(pole(.e, false), .sweet, .workplace, "俩人都不爱吵，会议室一片祥和"),
        .init(pole(.a, true), .sweet, .workplace, "俩人都敢拍板，项目推得飞快"),
        .init(pole(.a, false), .sweet, .workplace, "俩人都听老板的，从不内斗"),
        // Both on one pole, salty (rivals).
        .init(pole(.c, true), .salty, .workplace, "俩卷王较劲，谁都不好意思先下班"),
        .init(pole(.c, false), .salty, .workplace, "俩人都躺，周报只能互相抄"),
        .init(pole(.s, true), .salty, .workplace, "俩显眼包抢话筒，会能开到天黑"),
        .init(pole(.s, false), .salty, .workplace, "俩人都隐身，工作对接全靠猜"),
        .init(pole(.e, true), .salty, .workplace, "俩人一点就炸，工位硝烟不断"),
        .init(pole(.e, false), .salty, .workplace, "俩人都憋着，冷战能打到年终"),
        .init(pole(.a, true), .salty, .workplace, "俩人都想拍板，开会像争王位"),
        .init(pole(.a, false), .salty, .workplace, "俩人都说都行，方案没人敢定"),
        // Opposite poles, naming both (positive pole first), sweet (complement).
        .init(.split(.c), .sweet, .workplace, "冲业绩", "守住下班线"),
        .init(.split(.s), .sweet, .workplace, "在前面对接客户", "在后面把活做细"),
        .init(.split(.e), .sweet, .workplace, "当场替大家出头", "会后把场子圆回来"),
        .init(.split(.a), .sweet, .workplace, "负责拍板", "负责落地"),
        // Opposite poles, naming both, salty (mixed, rivals, opposites).
        .init(.split(.c), .salty, .workplace, "卷到半夜", "到点就溜还蹭署名"),
        .init(.split(.s), .salty, .workplace, "满会议室抢话", "全程静音装不在"),
        .init(.split(.e), .salty, .workplace, "当场开炸", "笑着点头转身写小作文"),
        .init(.split(.a), .salty, .workplace, "拍完板还天天改需求", "嘴上说好心里骂街"),
        // Opposite poles, naming neither (the second clause of opposites).
        .init(.splitUnnamed(.c), .salty, .workplace, "连加班都排不到一块"),
        .init(.splitUnnamed(.s), .salty, .workplace, "连团建都凑不到一桌"),
        .init(.splitUnnamed(.e), .salty, .workplace, "连吵架都不在一个点上"),
        .init(.splitUnnamed(.a), .salty, .workplace, "开会永远各说各话"),
    ]
}
