import NMTIDomain

/// The named values a theme's placeholders and conditions can refer to, for one result.
public struct BindingValues: Sendable {
    /// Values by placeholder name, such as "title" or "score.c".
    public private(set) var values: [String: String]

    /// The names NMTIDomain provides, with what each holds; documented in docs/themes.md.
    public static let builtInNames: [(name: String, meaning: String)] = {
        var names: [(String, String)] = [
            ("code", "canonical code, e.g. PRED"), ("alias", "mnemonic alias, e.g. HEXA"),
            ("title", "毒舌称号"), ("emoji", "the type's emoji"),
            ("pack", "workplace or student"), ("packName", "基础牛马包 or 做题家版"),
            ("slogan", "pack slogan"), ("tagline", "pack tagline"), ("description", "pack full description"),
            ("nickname", "the quiz taker's nickname, empty if none"),
            ("link", "the link this poster carries (invite, or reply when invited)"),
            ("linkKind", "invite or reply"), ("invited", "true when the quiz came from an invite, else empty"),
            ("inviter.code", "inviter's code"), ("inviter.alias", "inviter's alias"),
            ("inviter.title", "inviter's title"), ("inviter.emoji", "inviter's emoji"),
            ("inviter.nickname", "inviter's nickname"),
            ("pairing.label", "相处模式 label"), ("pairing.line", "相处模式 line"),
        ]
        for dimension in Dimension.allCases {
            let key = dimension.rawValue
            names += [
                ("score.\(key)", "raw score of \(dimension.letter)"),
                ("percent.\(key)", "lean toward the resolved pole, 0-100"),
                ("pole.\(key)", "name of the resolved pole of \(dimension.letter)"),
                ("dimension.\(key)", "Chinese name of \(dimension.letter)"),
                ("positivePole.\(key)", "name of \(dimension.letter)'s positive pole"),
                ("negativePole.\(key)", "name of \(dimension.letter)'s negative pole"),
            ]
        }
        return names
    }()

    /// The built-in names that come from what the user typed; never allowed in asset paths.
    public static let userTextNames: Set<String> = ["nickname", "inviter.nickname", "link"]

    /// Binds a resolved result; `Theme.bind(_:)` adds the theme variables.
    public init(_ resolved: ResolvedResult) {
        let personality = resolved.personality
        var values: [String: String] = [
            "code": personality.code.rawValue, "alias": personality.alias, "title": personality.title,
            "emoji": personality.emoji, "pack": resolved.pack.rawValue, "packName": resolved.pack.displayName,
            "slogan": resolved.copy.slogan, "tagline": resolved.copy.tagline, "description": resolved.copy.fullDesc,
            "nickname": resolved.nickname ?? "", "link": resolved.link.url,
            "invited": resolved.isInvited ? "true" : "",
        ]
        if case .reply = resolved.link { values["linkKind"] = "reply" } else { values["linkKind"] = "invite" }
        if let inviter = resolved.inviter {
            values["inviter.code"] = inviter.code.rawValue
            values["inviter.alias"] = inviter.alias
            values["inviter.title"] = inviter.title
            values["inviter.emoji"] = inviter.emoji
        }
        values["inviter.nickname"] = resolved.result.fromNickname ?? ""
        if let pairing = resolved.pairing {
            values["pairing.label"] = pairing.label
            values["pairing.line"] = pairing.line
        }
        for reading in resolved.dimensionReadings {
            let key = reading.dimension.rawValue
            values["score.\(key)"] = String(reading.score)
            values["percent.\(key)"] = String(reading.percent)
            values["pole.\(key)"] = reading.pole.name
            values["dimension.\(key)"] = reading.dimension.name
            values["positivePole.\(key)"] = reading.dimension.positivePole.name
            values["negativePole.\(key)"] = reading.dimension.negativePole.name
        }
        self.values = values
    }

    /// The value of a name; unknown and absent names read as empty.
    public subscript(name: String) -> String { values[name] ?? "" }

    /// Whether a name counts as true in a condition: non-empty and not "false" or "0".
    public func isTruthy(_ name: String) -> Bool {
        let value = self[name]
        return !value.isEmpty && value != "false" && value != "0"
    }

    mutating func set(_ name: String, _ value: String) {
        values[name] = value
    }
}
