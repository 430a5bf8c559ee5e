extension PairClause {
    private static func pole(_ dimension: Dimension, _ positive: Bool) -> Claim {
        .shared(Pole(dimension: dimension, isPositive: positive))
    }

    /// 做题家版: 同桌, 室友, 考试, 作业, 导员, 宿舍.
    static let student: [PairClause] = [
        // Both on one pole, sweet (mirror, complement, mixed).
        .init(pole(.c, true), .sweet, .student, "俩卷王组队刷题，年级前十预定"),
        .init(pole(.c, false), .sweet, .student, "俩人一起摆烂，期末前互相捞"),
        .init(pole(.s, true), .sweet, .student, "俩显眼包一上台，班会秒变晚会"),
        .init(pole(.s, false), .sweet, .student, "俩人自习室对坐一天，谁也不吵谁"),
        .init(pole(.e, true), .sweet, .student, "俩人有事当面说，宿舍从不冷战"),
        .init(pole(.e, false), .sweet, .student, "俩人都懂内耗，夜聊互相治愈"),
        .init(pole(.a, true), .sweet, .student, "俩人都敢拍板，小组作业一天搞定"),
        .init(pole(.a, false), .sweet, .student, "俩人都说随便，食堂吃啥都开心"),
        // Both on one pole, salty (rivals).
        .init(pole(.c, true), .salty, .student, "俩卷王暗中较劲，对答案都要抢"),
        .init(pole(.c, false), .salty, .student, "俩人都躺，小组作业没人动"),
        .init(pole(.s, true), .salty, .student, "俩显眼包抢戏，班会成了辩论赛"),
        .init(pole(.s, false), .salty, .student, "俩人都隐身，宿舍群冷到结冰"),
        .init(pole(.e, true), .salty, .student, "俩人脾气都冲，宿舍门摔得震天响"),
        .init(pole(.e, false), .salty, .student, "俩人都憋着，冷战能撑到毕业"),
        .init(pole(.a, true), .salty, .student, "俩人都想当组长，小组作业先内战"),
        .init(pole(.a, false), .salty, .student, "俩人都说随便，选课拖到最后一秒"),
        // Opposite poles, naming both (positive pole first), sweet (complement).
        .init(.split(.c), .sweet, .student, "刷题到熄灯", "负责喊去食堂"),
        .init(.split(.s), .sweet, .student, "负责跟导员周旋", "在后排把笔记记全"),
        .init(.split(.e), .sweet, .student, "当场替室友出头", "事后默默递纸巾"),
        .init(.split(.a), .sweet, .student, "负责定选题", "负责把PPT做漂亮"),
        // Opposite poles, naming both, salty (mixed, rivals, opposites).
        .init(.split(.c), .salty, .student, "刷题到凌晨", "睡到早八还要抄作业"),
        .init(.split(.s), .salty, .student, "在班群刷屏", "消息永远已读不回"),
        .init(.split(.e), .salty, .student, "为一道题当场拍桌", "憋着回宿舍写小作文"),
        .init(.split(.a), .salty, .student, "独自定下小组方案", "嘴上说行背后吐槽"),
        // Opposite poles, naming neither (the second clause of opposites).
        .init(.splitUnnamed(.c), .salty, .student, "连考前作息都对不上"),
        .init(.splitUnnamed(.s), .salty, .student, "连食堂都吃不到一桌"),
        .init(.splitUnnamed(.e), .salty, .student, "连吵架都吵不到一个点上"),
        .init(.splitUnnamed(.a), .salty, .student, "小组作业注定散伙"),
    ]
}
