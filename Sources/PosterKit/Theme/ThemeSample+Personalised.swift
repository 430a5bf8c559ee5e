import NMTIDomain

extension ThemeSample {
    /// One worst case of what a user adds to a result: a nickname, an invitation, an
    /// inviter's nickname and scores. The plain variants carry none of these, so
    /// whatever a theme shows only for them (`when: "invited"`, `{nickname}`) is
    /// linted through these.
    public struct Personalisation: Sendable, Hashable {
        /// How reports name its nicknames, after the variant: `long nickname`, `emoji nicknames`; empty for none.
        public let name: String
        /// The result's own nickname.
        public let nickname: String?
        /// Whether the result is invited (by the next type in the catalogue).
        public let invited: Bool
        /// The inviter's nickname, for an invited result.
        public let inviterNickname: String?
        /// Whether the inviter's scores are known, for an invited result.
        public let inviterScores: Bool

        /// This personalisation of one plain variant: invited, when it is, by the next
        /// type in the catalogue (DOOM by PRED), in the same pack, as the scan lint's cases.
        public func applied(to sample: ThemeSample) -> ThemeSample {
            let own = sample.result
            guard invited else {
                return ThemeSample(label: "\(sample.label) · \(name)",
                                   result: QuizResult(scores: own.scores, pack: own.pack, nickname: nickname))
            }
            let codes = PersonalityCode.all
            let inviter = codes[((codes.firstIndex(of: own.code) ?? 0) + 1) % codes.count]
            let scores = inviterScores ? QuizResult.catalogueSample(for: inviter, pack: own.pack).scores : nil
            let invitation = "invited by \(inviter.rawValue)\(inviterScores ? "" : " (no scores)")"
            return ThemeSample(
                label: "\(sample.label) · \(name.isEmpty ? invitation : "\(name), \(invitation)")",
                result: QuizResult(scores: own.scores, pack: own.pack, nickname: nickname, fromCode: inviter,
                                   fromScores: scores, fromNickname: inviterNickname))
        }
    }

    /// The longest nickname a link carries, in characters as wide as any text font
    /// draws them: 24 Chinese characters (`NMTILink.maximumNicknameScalars`).
    public static let longNickname = String(repeating: "卷", count: 12) + String(repeating: "摸鱼", count: 6)

    /// The widest nickname a link carries: 24 emoji (`NMTILink.maximumNicknameScalars`
    /// scalars, `NMTILink.maximumNicknameBytes` bytes), each wider than a Chinese character.
    public static let emojiNickname = String(repeating: "🐶", count: NMTILink.maximumNicknameScalars)

    /// The worst cases the fit and contrast lints add to the plain variants: a long and an
    /// emoji nickname; invited with and without the inviter's nickname and scores.
    public static let personalisations: [Personalisation] = [
        Personalisation(name: "long nickname", nickname: longNickname, invited: false, inviterNickname: nil, inviterScores: false),
        Personalisation(name: "emoji nickname", nickname: emojiNickname, invited: false, inviterNickname: nil, inviterScores: false),
        Personalisation(name: "", nickname: nil, invited: true, inviterNickname: nil, inviterScores: true),
        Personalisation(name: "", nickname: nil, invited: true, inviterNickname: nil, inviterScores: false),
        Personalisation(name: "long nicknames", nickname: longNickname, invited: true,
                        inviterNickname: longNickname, inviterScores: true),
        Personalisation(name: "emoji nicknames", nickname: emojiNickname, invited: true,
                        inviterNickname: emojiNickname, inviterScores: false),
    ]

    /// Every plain variant under every personalisation (192 results), personalisation first.
    public static let personalised: [ThemeSample] = personalisations.flatMap { personalisation in
        variants.map { personalisation.applied(to: $0) }
    }

    /// The 64 personalised results the contrast lint draws (it costs a draw per layer behind
    /// each text, the fit lint only a layout): every variant once with a nickname and not
    /// invited (long and emoji in turn) and once invited (the four invitations in turn), so
    /// that what shows only with a nickname or only when invited is checked in every
    /// variant's colours.
    public static let personalisedForContrast: [ThemeSample] = variants.enumerated().flatMap { index, variant in
        [personalisations[index % 2].applied(to: variant), personalisations[2 + index % 4].applied(to: variant)]
    }
}

extension Theme {
    /// What the fit lint of `themes validate` and `preview` goes over: the theme's samples
    /// (`samples`) and the 192 personalised worst cases (`ThemeSample.personalised`).
    public var lintSamples: [ThemeSample] { samples + ThemeSample.personalised }

    /// What the contrast lint goes over: the theme's samples and 64 of the personalised
    /// results (`ThemeSample.personalisedForContrast`).
    public var contrastSamples: [ThemeSample] { samples + ThemeSample.personalisedForContrast }
}
