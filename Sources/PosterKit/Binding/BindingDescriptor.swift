import NMTIDomain
import PosterLinks

/// One built-in placeholder: its name, type, meaning, where its value comes from
/// and how it is read off a result. `BindingDescriptor.builtIn` is the one list
/// that binding, theme validation, docs/themes.md and the schema agree with
/// (tests check the docs and the schema against it).
public struct BindingDescriptor: Sendable {
    /// Where a value comes from, which decides where a theme may use it.
    public enum Origin: Sendable, Hashable {
        /// Fixed by the personality and the pack: usable in colours, asset paths and variables.
        case variant
        /// Differs per result (scores, invitations): text and conditions only.
        case result
        /// Typed by the quiz taker: text and conditions only, never in asset paths,
        /// and unbounded in length.
        case userText
    }

    /// The name, used as `{name}` and in conditions.
    public let name: String
    /// What kind of value it holds.
    public let type: BindingType
    /// A one-line meaning, for the schema and messages.
    public let summary: String
    /// Where the value comes from.
    public let origin: Origin
    /// The value for a result, printed links in a link style; nil when the result has
    /// none (read as empty).
    let value: @Sendable (ResolvedResult, LinkStyle) -> BindingValue?

    init(_ name: String, _ type: BindingType, _ origin: Origin, _ summary: String,
         _ value: @escaping @Sendable (ResolvedResult) -> BindingValue?) {
        self.init(name, type, origin, summary, printing: { resolved, _ in value(resolved) })
    }

    init(_ name: String, _ type: BindingType, _ origin: Origin, _ summary: String,
         printing value: @escaping @Sendable (ResolvedResult, LinkStyle) -> BindingValue?) {
        self.name = name
        self.type = type
        self.origin = origin
        self.summary = summary
        self.value = value
    }

    /// Every built-in placeholder, in the order docs/themes.md lists them.
    public static let builtIn: [BindingDescriptor] = general + inviter + dimensions + inviterDimensions

    /// The built-in placeholders by name.
    public static let byName: [String: BindingDescriptor] = Dictionary(uniqueKeysWithValues: builtIn.map { ($0.name, $0) })

    /// The names whose values are fixed per variant (code, alias, pack).
    public static let variantNames: Set<String> = Set(builtIn.filter { $0.origin == .variant }.map(\.name))

    /// The names whose values the quiz taker typed.
    public static let userTextNames: Set<String> = Set(builtIn.filter { $0.origin == .userText }.map(\.name))

    private static let codes = PersonalityCode.all.map(\.rawValue)
    private static let aliases = Personality.all.map(\.alias)

    private static let general: [BindingDescriptor] = [
        .init("code", .choice(codes, canBeEmpty: false), .variant, "the canonical four-letter code, e.g. PRED") {
            .text($0.personality.code.rawValue)
        },
        .init("alias", .choice(aliases, canBeEmpty: false), .variant, "the mnemonic alias of the code, e.g. HEXA") {
            .text($0.personality.alias)
        },
        .init("title", .text, .result, "the snarky title (毒舌称号)") { .text($0.personality.title) },
        .init("emoji", .text, .result, "the type's emoji") { .text($0.personality.emoji) },
        .init("pack", .choice(QuizPack.allCases.map(\.rawValue), canBeEmpty: false), .variant, "the copy pack") {
            .text($0.pack.rawValue)
        },
        .init("packName", .text, .result, "the pack's Chinese name, 基础牛马包 or 做题家版") { .text($0.pack.displayName) },
        .init("slogan", .text, .result, "the pack's one-line slogan for this type") { .text($0.copy.slogan) },
        .init("tagline", .text, .result, "the pack's tagline for this type") { .text($0.copy.tagline) },
        .init("description", .text, .result, "the pack's full description") { .text($0.copy.fullDesc) },
        .init("nickname", .text, .userText, "the quiz taker's nickname, empty if none") {
            .text(QuizResult.shownNickname($0.nickname ?? ""))
        },
        .init("handle", .text, .userText, "the quiz taker as a pair poster names them: @nickname, else the code") {
            let nickname = QuizResult.shownNickname($0.nickname ?? "")
            return .text(nickname.isEmpty ? $0.personality.code.rawValue : "@\(nickname)")
        },
        .init("link", .text, .userText, "the link this poster carries: an invite, or a reply when invited",
              printing: { resolved, style in .text(style.text(for: resolved.link)) }),
        .init("linkKind", .choice(["invite", "reply"], canBeEmpty: false), .result, "whether the link is an invite or a reply") {
            if case .reply = $0.link { .text("reply") } else { .text("invite") }
        },
        .init("invited", .flag, .result, "whether the quiz came from an invite") { .flag($0.isInvited) },
    ]

    private static let inviter: [BindingDescriptor] = [
        .init("inviter.code", .choice(codes, canBeEmpty: true), .result, "the inviter's code; empty unless invited") {
            $0.inviter.map { .text($0.code.rawValue) }
        },
        .init("inviter.alias", .choice(aliases, canBeEmpty: true), .result, "the inviter's alias; empty unless invited") {
            $0.inviter.map { .text($0.alias) }
        },
        .init("inviter.title", .text, .result, "the inviter's title; empty unless invited") { $0.inviter.map { .text($0.title) } },
        .init("inviter.emoji", .text, .result, "the inviter's emoji; empty unless invited") { $0.inviter.map { .text($0.emoji) } },
        .init("inviter.nickname", .text, .userText, "the inviter's nickname, empty if unknown") {
            .text(QuizResult.shownNickname($0.result.fromNickname ?? ""))
        },
        .init("inviter.handle", .text, .userText, "the inviter as a pair poster names them: @nickname, else the code; empty unless invited") {
            resolved in
            resolved.inviter.map { inviter in
                let nickname = QuizResult.shownNickname(resolved.result.fromNickname ?? "")
                return .text(nickname.isEmpty ? inviter.code.rawValue : "@\(nickname)")
            }
        },
        .init("inviter.link", .text, .userText, "the inviter's own invite, for a third person; empty unless invited",
              printing: { resolved, style in resolved.inviterInvite.map { .text(style.text(for: $0)) } }),
        .init("inviter.hasScores", .flag, .result, "whether the inviter's scores are known (else charts show their poles)") {
            .flag($0.result.fromScores != nil)
        },
        .init("pairing.label", .text, .result, "how the two types get along (相处模式); empty unless invited") {
            $0.pairing.map { .text($0.label) }
        },
        // Not user text although it holds the nicknames: it cuts them, so its length is
        // bounded (Pairing.maximumLineUTF8Count), which the cost estimate relies on.
        .init("pairing.line", .text, .result,
              "one sentence about the pair in the pack's language, naming both by nickname or TA; empty unless invited") {
            $0.pairingLine.map { .text($0) }
        },
    ]

    /// Seven placeholders per dimension, grouped by kind (every `score.*`, then every `percent.*`, …).
    private static let dimensions: [BindingDescriptor] = {
        typealias Maker = @Sendable (Dimension) -> BindingDescriptor
        @Sendable func reading(_ resolved: ResolvedResult, _ dimension: Dimension) -> DimensionReading {
            DimensionReading(dimension: dimension, score: resolved.result.scores[dimension])
        }
        let makers: [Maker] = [
            { d in .init("score.\(d.rawValue)", .number, .result, "the raw score of \(d.letter)") { .number(reading($0, d).score) } },
            { d in
                .init("percent.\(d.rawValue)", .number, .result, "how strongly \(d.letter) leans toward its pole, 0-100") {
                    .number(reading($0, d).percent)
                }
            },
            { d in
                .init("lean.\(d.rawValue)", .text, .result,
                      "the lean of \(d.letter) as charts caption it: pole and percent, or 五五开 for a score of 0") {
                    .text(reading($0, d).lean)
                }
            },
            { d in
                .init("pole.\(d.rawValue)", .choice([d.positivePole.name, d.negativePole.name], canBeEmpty: false), .result,
                      "the name of the pole \(d.letter) resolves to") { .text(reading($0, d).pole.name) }
            },
            { d in .init("dimension.\(d.rawValue)", .text, .result, "the Chinese name of \(d.letter)") { _ in .text(d.name) } },
            { d in
                .init("positivePole.\(d.rawValue)", .text, .result, "the name of \(d.letter)'s positive pole") { _ in
                    .text(d.positivePole.name)
                }
            },
            { d in
                .init("negativePole.\(d.rawValue)", .text, .result, "the name of \(d.letter)'s negative pole") { _ in
                    .text(d.negativePole.name)
                }
            },
        ]
        return makers.flatMap { make in Dimension.allCases.map(make) }
    }()

    /// The inviter's chart values, for pairing posters: their scores when the link
    /// carried them, else each dimension half-way toward their code's pole.
    private static let inviterDimensions: [BindingDescriptor] = {
        @Sendable func reading(_ resolved: ResolvedResult, _ dimension: Dimension) -> DimensionReading? {
            guard let code = resolved.result.fromCode else { return nil }
            let scores = resolved.result.fromScores ?? .poles(of: code)
            return DimensionReading(dimension: dimension, score: scores[dimension])
        }
        let scores = Dimension.allCases.map { d in
            BindingDescriptor("inviter.score.\(d.rawValue)", .number, .result, "the inviter's score on \(d.letter); empty unless invited") {
                reading($0, d).map { .number($0.score) }
            }
        }
        let percents = Dimension.allCases.map { d in
            BindingDescriptor("inviter.percent.\(d.rawValue)", .number, .result,
                              "how strongly the inviter's \(d.letter) leans toward its pole; empty unless invited") {
                reading($0, d).map { .number($0.percent) }
            }
        }
        let leans = Dimension.allCases.map { d in
            BindingDescriptor("inviter.lean.\(d.rawValue)", .text, .result,
                              "the inviter's lean on \(d.letter): pole and percent, 五五开 for 0, only the pole when their scores are unknown; empty unless invited") {
                resolved in
                reading(resolved, d).map { .text(resolved.result.fromScores == nil ? $0.pole.name : $0.lean) }
            }
        }
        let poles = Dimension.allCases.map { d in
            BindingDescriptor("inviter.pole.\(d.rawValue)", .choice([d.positivePole.name, d.negativePole.name], canBeEmpty: true), .result,
                              "the name of the inviter's pole on \(d.letter); empty unless invited") {
                reading($0, d).map { .text($0.pole.name) }
            }
        }
        return scores + percents + leans + poles
    }()
}
