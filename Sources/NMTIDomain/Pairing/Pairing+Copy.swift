extension Pairing {
    /// The name of the dynamic, chosen by how many dimensions match and which.
    static func label(matching: [Dimension], opposing: [Dimension]) -> String {
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
            case (.c, .s): return "并肩战友"
            case (.c, .e): return "同频搭子"
            case (.c, .a): return "同路不同调"
            case (.s, .e): return "饭搭子"
            case (.s, .a): return "相爱相杀"
            default: return "互补神队友"
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

    /// The phrase for one dimension and pole combination, told from the
    /// invitee's side: `mine` and `theirs` say whether each is on the positive pole.
    static func phrase(on dimension: Dimension, mine: Bool, theirs: Bool) -> String {
        switch (dimension, mine, theirs) {
        // C 卷度: P 卷王 / D 躺平
        case (.c, true, true): "两个卷王互相较劲，谁都不好意思先走。"
        case (.c, false, false): "一起摸鱼一起躺，ddl来了互相装死。"
        case (.c, true, false): "你卷到半夜，TA睡到自然醒，功劳还得分TA一半。"
        case (.c, false, true): "TA卷到半夜，你睡到自然醒，顺手还蹭了TA的成果。"
        // S 社交电量: R 显眼包 / O 隐身
        case (.s, true, true): "两个显眼包同框，话筒永远不够抢。"
        case (.s, false, false): "两个都隐身，聊天框安静得像断了网。"
        case (.s, true, false): "你负责热场，TA负责假装不在线。"
        case (.s, false, true): "TA在台前闪闪发光，你在角落默默充电。"
        // E 情绪出口: E 当场发作 / O 内耗消化
        case (.e, true, true): "两个一点就炸的凑一起，吵完五分钟又和好。"
        case (.e, false, false): "两个都憋着不说，冷战能打到地老天荒。"
        case (.e, true, false): "你当场发作，TA当面不吭声，背地里内耗三天。"
        case (.e, false, true): "TA当场开炸，你笑着点头，转身在心里写小作文。"
        // A 话语权: D 拍板 / M 随缘
        case (.a, true, true): "两个都想拍板，每次讨论都像在争夺王位。"
        case (.a, false, false): "两个都说随便，一顿饭能选到天黑。"
        case (.a, true, false): "你说了算，TA说都行，效率高得可疑。"
        case (.a, false, true): "TA一拍板你就点头，省心是省心，锅也是你背。"
        }
    }
}
