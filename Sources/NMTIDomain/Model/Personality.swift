/// One of the 16 NMTI personalities: its code, mnemonic alias, title and copy.
public struct Personality: Sendable, Hashable, Identifiable {
    /// The canonical four-pole code, such as `PRED`.
    public let code: PersonalityCode
    /// A unique four-letter mnemonic such as `WORK`, never equal to any canonical code.
    public let alias: String
    /// The snarky title (毒舌称号), such as 六边形悍匪.
    public let title: String
    /// One emoji that stands for the type on posters and in share text.
    public let emoji: String
    let workplaceCopy: PersonalityCopy
    let studentCopy: PersonalityCopy?

    public var id: String { code.rawValue }

    /// Creates a personality; the catalogue holds the 16 real ones.
    public init(
        code: PersonalityCode, alias: String, title: String, emoji: String,
        workplace: PersonalityCopy, student: PersonalityCopy?
    ) {
        self.code = code
        self.alias = alias
        self.title = title
        self.emoji = emoji
        self.workplaceCopy = workplace
        self.studentCopy = student
    }

    /// The copy for a pack; a type without student copy falls back to workplace copy.
    public func copy(for pack: QuizPack) -> PersonalityCopy {
        switch pack {
        case .workplace: workplaceCopy
        case .student: studentCopy ?? workplaceCopy
        }
    }

    /// All 16 personalities in code order.
    public static let all: [Personality] = PersonalityCode.all.map { code in
        guard let personality = catalogue.first(where: { $0.code == code }) else {
            preconditionFailure("catalogue lacks \(code)")
        }
        return personality
    }

    /// The personality of a canonical code.
    public static func of(_ code: PersonalityCode) -> Personality {
        all[PersonalityCode.all.firstIndex(of: code)!]
    }

    /// Finds a personality by canonical code or alias, case-insensitively.
    public static func find(_ codeOrAlias: String) -> Personality? {
        if let code = PersonalityCode(codeOrAlias) { return of(code) }
        let upper = codeOrAlias.uppercased()
        return all.first { $0.alias == upper }
    }
}
