/// A copy pack: the same personality model told for a different audience.
public enum QuizPack: String, CaseIterable, Sendable, Hashable, Codable {
    /// 基础牛马包: the workplace edition.
    case workplace
    /// 做题家版: the student edition.
    case student

    /// The pack's Chinese display name.
    public var displayName: String {
        switch self {
        case .workplace: "基础牛马包"
        case .student: "做题家版"
        }
    }
}

/// The pack-dependent copy of one personality.
public struct PersonalityCopy: Sendable, Hashable, Codable {
    /// A one-line slogan, the loudest line after the title.
    public let slogan: String
    /// A short tagline under the slogan.
    public let tagline: String
    /// The full description, about 60 to 140 characters.
    public let fullDesc: String

    /// Creates a copy record.
    public init(slogan: String, tagline: String, fullDesc: String) {
        self.slogan = slogan
        self.tagline = tagline
        self.fullDesc = fullDesc
    }
}
