extension Personality {
    /// The identity of one catalogue entry: code, alias, title and emoji.
    private struct Identity {
        let code: String
        let alias: String
        let title: String
        let emoji: String
    }

    /// The 16 identities in code order; the copy lives in `PersonalityCopy.workplace`
    /// and `PersonalityCopy.student`, keyed by code.
    private static let identities: [Identity] = [
        Identity(code: "PRED", alias: "HEXA", title: "六边形悍匪", emoji: "🦹"),
        Identity(code: "PREM", alias: "RUSH", title: "热血冲锋兵", emoji: "🧨"),
        Identity(code: "PROD", alias: "BOSS", title: "体面包工头", emoji: "👷"),
        Identity(code: "PROM", alias: "GRIN", title: "假笑营业员", emoji: "🎭"),
        Identity(code: "POED", alias: "LAVA", title: "闷声暴君", emoji: "🌋"),
        Identity(code: "POEM", alias: "BOOM", title: "沉默炸药包", emoji: "💣"),
        Identity(code: "POOD", alias: "PLOT", title: "幕后操盘手", emoji: "🦉"),
        Identity(code: "POOM", alias: "WORK", title: "金牌老黄牛", emoji: "🐂"),
        Identity(code: "DRED", alias: "YELL", title: "嘴炮总指挥", emoji: "📢"),
        Identity(code: "DREM", alias: "VIBE", title: "摸鱼气氛组", emoji: "🎉"),
        Identity(code: "DROD", alias: "VAMP", title: "优雅吸血鬼", emoji: "🧛"),
        Identity(code: "DROM", alias: "CUTE", title: "人形吉祥物", emoji: "🐼"),
        Identity(code: "DOED", alias: "VETO", title: "一票否决侠", emoji: "🙅"),
        Identity(code: "DOEM", alias: "FISH", title: "暴躁咸鱼", emoji: "🐟"),
        Identity(code: "DOOD", alias: "LAZY", title: "摆烂军师", emoji: "🦥"),
        Identity(code: "DOOM", alias: "NULL", title: "赛博隐形人", emoji: "👻"),
    ]

    /// All 16 personalities with their workplace (基础牛马包) and student (做题家版) copy.
    static let catalogue: [Personality] = identities.map { identity in
        guard let code = PersonalityCode(identity.code),
              let workplace = PersonalityCopy.workplace[identity.code],
              let student = PersonalityCopy.student[identity.code]
        else {
            preconditionFailure("incomplete catalogue entry \(identity.code)")
        }
        return Personality(
            code: code, alias: identity.alias, title: identity.title, emoji: identity.emoji,
            workplace: workplace, student: student)
    }
}
