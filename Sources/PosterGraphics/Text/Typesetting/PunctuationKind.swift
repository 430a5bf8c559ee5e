/// The role a full-width Chinese punctuation mark plays in spacing and line
/// breaking (clreq §3.1, GB/T 15834).
///
/// In Simplified Chinese fonts every such mark sits in one half of its em box:
/// opening marks in the right half, closing and stop marks in the left half,
/// middle dots in the centre. Compression removes the blank half.
enum PunctuationKind: Sendable, Equatable {
    /// Opening brackets and quotes: `（〔［｛〈《「『【〖“‘`. Never end a line.
    case opening
    /// Closing brackets and quotes: `）〕］｝〉》」』】〗”’`. Never start a line.
    case closing
    /// Pause and stop marks: `，、。．：；！？`. Never start a line.
    case stop
    /// Middle dots: `·・` (间隔号). Never start a line.
    case middle

    /// The kind of `character`, or nil when it is not a compressible full-width mark.
    init?(_ character: Character) {
        guard !character.isPlainLetterOrIdeograph, let kind = Self.table[character] else { return nil }
        self = kind
    }

    /// Where the mark's ink sits in its box, as the fraction of the removed half
    /// that lies before the ink: 0 for the left half, 1 for the right, ½ centred.
    var inkShift: Double {
        switch self {
        case .opening: 1
        case .middle: 0.5
        case .closing, .stop: 0
        }
    }

    /// The scalars of every compressible mark (each mark is one scalar).
    static let marks: Set<Unicode.Scalar> = Set(table.keys.flatMap(\.unicodeScalars))

    private static let table: [Character: PunctuationKind] = {
        var table: [Character: PunctuationKind] = [:]
        for mark in "（〔［｛〈《「『【〖“‘" { table[mark] = .opening }
        for mark in "）〕］｝〉》」』】〗”’" { table[mark] = .closing }
        for mark in "，、。．：；！？" { table[mark] = .stop }
        for mark in "·・" { table[mark] = .middle }
        return table
    }()
}

/// Which marks adjacent punctuation compression sets half-width.
enum PunctuationCompression {
    /// Which side of a mark loses its blank half.
    enum Side: Sendable, Equatable {
        /// The blank after the ink (closing and stop marks).
        case trailing
        /// The blank before the ink (opening marks).
        case leading
    }

    /// For each character of `characters`, whether adjacent-punctuation
    /// compression (clreq §3.1.6.1) takes its blank half away: a closing or stop
    /// mark followed by another mark loses its trailing half (`，“` `”。` `）。`
    /// `。」`), and an opening mark after an opening mark or a closing/stop mark
    /// that was not compressed loses its leading half (`（“`). A run such as
    /// `』。」` keeps only its last mark full-width.
    static func adjacent(_ characters: [Character]) -> [Side?] {
        adjacent(kinds: characters.map(PunctuationKind.init))
    }

    /// `adjacent(_:)` for characters whose kinds are already known.
    static func adjacent(kinds: [PunctuationKind?]) -> [Side?] {
        var sides = [Side?](repeating: nil, count: kinds.count)
        guard kinds.count >= 2 else { return sides }
        for index in 0..<(kinds.count - 1) {
            guard let first = kinds[index], let second = kinds[index + 1] else { continue }
            switch (first, second) {
            case (.closing, _), (.stop, _):
                if sides[index] == nil { sides[index] = .trailing }
            case (.opening, .opening), (.middle, .opening):
                sides[index + 1] = .leading
            case (.middle, .closing), (.middle, .stop), (.middle, .middle), (.opening, _):
                break
            }
        }
        return sides
    }

    /// `sides` without the compressions whose neighbour has no blank half to give:
    /// a closing or stop mark keeps its trailing half before a mark the font draws
    /// narrow (LXGW WenKai's `“`, whose advance is its ink), and an opening mark its
    /// leading half after one. Adjacent compression removes one of two blanks that
    /// face each other; with only one blank, removing it sets the inks touching.
    static func sharingBlanks(_ sides: [Side?], removable: [Double]) -> [Side?] {
        var result = sides
        for index in result.indices {
            switch result[index] {
            case .trailing:
                if index + 1 < removable.count, removable[index + 1] <= 0 { result[index] = nil }
            case .leading:
                if index > 0, removable[index - 1] <= 0 { result[index] = nil }
            case nil:
                break
            }
        }
        return result
    }
}
