import NMTIDomain

/// What a theme draws, declared by its top-level `subject` key; it decides which
/// results the fit check, the contrast lint, `preview` and the goldens go over.
public enum ThemeSubject: String, Sendable, CaseIterable {
    /// One person's result (the default): the 32 variants (16 types x 2 packs).
    case single
    /// The pairing of an invited result with its inviter: the 32 variants, which
    /// must still render sensibly, and every ordered (invitee, inviter) pair in
    /// both packs, 512 more.
    case pair

    /// The results this subject's checks go over, in sheet order.
    public var samples: [ThemeSample] {
        switch self {
        case .single: ThemeSample.variants
        case .pair: ThemeSample.variants + ThemeSample.pairs
        }
    }
}

/// One result a theme is checked and previewed with, and how reports name it.
public struct ThemeSample: Sendable, Hashable {
    /// How reports and sheets name it: `workplace · PRED 六边形悍匪` or `PRED × DOOM · student`.
    public let label: String
    /// The result.
    public let result: QuizResult

    /// Creates a sample.
    public init(label: String, result: QuizResult) {
        self.label = label
        self.result = result
    }

    /// The 32 catalogue variants, pack then code order, without nicknames.
    public static let variants: [ThemeSample] = QuizPack.allCases.flatMap { pack in
        PersonalityCode.all.map { code in
            // Code first, as for pairs: a sheet's narrow tiles show the start of the label.
            ThemeSample(label: "\(code.rawValue) \(Personality.of(code).title) · \(pack.rawValue)",
                        result: QuizResult.catalogueSample(for: code, pack: pack))
        }
    }

    /// The 512 ordered pairs: for each pack, each invitee code and each inviter code, the
    /// invitee's catalogue sample invited by the inviter's. The inviter's scores are known
    /// for half of them in a checkerboard (every invitee and every inviter appears both ways
    /// in each pack); the others carry only the inviter's code, labelled `(no scores)`.
    public static let pairs: [ThemeSample] = QuizPack.allCases.flatMap { pack in
        PersonalityCode.all.enumerated().flatMap { mineIndex, mine in
            PersonalityCode.all.enumerated().map { theirsIndex, theirs in
                pair(mine, theirs, pack: pack, inviterScores: (mineIndex + theirsIndex) % 2 == 0)
            }
        }
    }

    /// One pair: `mine`'s catalogue sample invited by `theirs`, with the inviter's catalogue
    /// scores when `inviterScores` is true (else only their code), and optional nicknames.
    public static func pair(
        _ mine: PersonalityCode, _ theirs: PersonalityCode, pack: QuizPack, inviterScores: Bool,
        nickname: String? = nil, inviterNickname: String? = nil
    ) -> ThemeSample {
        let own = QuizResult.catalogueSample(for: mine, pack: pack)
        let inviter = QuizResult.catalogueSample(for: theirs, pack: pack)
        let result = QuizResult(
            scores: own.scores, pack: pack, nickname: nickname, fromCode: theirs,
            fromScores: inviterScores ? inviter.scores : nil, fromNickname: inviterNickname)
        // Codes first: a sheet's narrow tiles show the start of the label.
        return ThemeSample(label: "\(mine.rawValue) × \(theirs.rawValue) · \(pack.rawValue)\(inviterScores ? "" : " (no scores)")",
                           result: result)
    }
}

extension Theme {
    /// The results this theme's fit check, contrast lint and preview go over (see `ThemeSubject`).
    public var samples: [ThemeSample] { subject.samples }
}
