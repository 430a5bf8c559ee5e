/// How a paragraph is aligned within its box.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Lines start at the left edge.
    case left
    /// Lines are centred.
    case center
    /// Lines end at the right edge.
    case right
    /// Lines but the last fill the width.
    case justify
}

/// What happens to the end of a text that does not fit even at its smallest size.
public enum TextOverflow: String, Sendable, Hashable, CaseIterable {
    /// Cut after the last character that fits and end with "…".
    case ellipsis
    /// Leave out whole sentences from the end, so the text stops at its own full
    /// stop (。！？!?) instead of mid-phrase; when not even the first sentence fits,
    /// cut with an ellipsis.
    case sentence
}

/// Everything that decides how a text is shaped, apart from its colour.
public struct TextStyle: Sendable, Hashable {
    /// The font family, one of the pinned families.
    public var family: String
    /// The CSS-style weight, 100...900 (400 regular, 700 bold).
    public var weight: Int
    /// Whether to use an italic or oblique face.
    public var italic: Bool
    /// The font size in points.
    public var size: Double
    /// The smallest size the text may shrink to in order to fit; nil never shrinks.
    public var minimumSize: Double?
    /// Extra space between characters, in points.
    public var letterSpacing: Double
    /// The line height as a multiple of the font's natural line height.
    public var lineHeight: Double
    /// Paragraph alignment.
    public var alignment: TextAlignment
    /// The most lines to show; the text is cut beyond them. Nil is unlimited.
    public var maxLines: Int?
    /// How a text that does not fit is cut.
    public var overflow: TextOverflow
    /// Whether full-width punctuation is compressed (标点挤压) or always set full-width.
    public var punctuation: PunctuationMode
    /// Whether an opening bracket or quote at the start of a line loses its blank
    /// leading half, so the line's ink starts flush with the lines around it.
    public var trimStart: Bool
    /// Whether a gap of ⅛ em is set between Han characters and Latin letters or
    /// digits (like CSS `text-autospace`); off by default.
    public var autospace: Bool
    /// Whether lines break between words where that costs no line (word-aware
    /// breaking, on by default): a word or a reduplication is split across lines
    /// only when nothing else fits. Off breaks between any two Han characters.
    public var keepsWords: Bool
    /// Whether a text of at most two lines gets two lines of similar length,
    /// broken between phrases (for headlines and slogans); off by default.
    public var balance: Bool
    /// OpenType features for the whole text, such as `tnum` (tabular figures) or
    /// `-liga` (no ligatures), in the order the theme gave them.
    public var features: [String]

    /// The gap `autospace` sets, as a fraction of the font size (CSS Text 4's ⅛ em).
    public static let autospaceRatio = 0.125

    /// Creates a style.
    public init(
        family: String, weight: Int = 400, italic: Bool = false, size: Double,
        minimumSize: Double? = nil, letterSpacing: Double = 0, lineHeight: Double = 1,
        alignment: TextAlignment = .left, maxLines: Int? = nil, overflow: TextOverflow = .ellipsis,
        punctuation: PunctuationMode = .compress, trimStart: Bool = true, autospace: Bool = false,
        keepsWords: Bool = true, balance: Bool = false, features: [String] = []
    ) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
        self.minimumSize = minimumSize
        self.letterSpacing = letterSpacing
        self.lineHeight = lineHeight
        self.alignment = alignment
        self.maxLines = maxLines
        self.overflow = overflow
        self.punctuation = punctuation
        self.trimStart = trimStart
        self.autospace = autospace
        self.keepsWords = keepsWords
        self.balance = balance
        self.features = features
    }
}

/// What fitting a text into its box took.
public struct TextFit: Sendable, Hashable, Codable {
    /// The size the text was drawn at (smaller than asked when it was shrunk).
    public var size: Double
    /// Whether the text was shrunk below its size.
    public var shrunk: Bool
    /// Whether characters were cut and replaced by an ellipsis.
    public var ellipsised: Bool
    /// Whether the result still does not fit its box (too tall or too wide).
    public var overflowed: Bool
    /// How many whole sentences were kept, when sentences at the end were left
    /// out (`TextOverflow.sentence`); nil when none were.
    public var keptSentences: Int? = nil
    /// How many sentences the whole text has, when some were left out.
    public var totalSentences: Int? = nil
    /// How many characters of the text were kept before the ellipsis, when it was cut.
    public var keptCharacters: Int? = nil

    /// Creates a fit record.
    public init(size: Double, shrunk: Bool, ellipsised: Bool, overflowed: Bool, keptSentences: Int? = nil, totalSentences: Int? = nil) {
        self.size = size
        self.shrunk = shrunk
        self.ellipsised = ellipsised
        self.overflowed = overflowed
        self.keptSentences = keptSentences
        self.totalSentences = totalSentences
    }
}
