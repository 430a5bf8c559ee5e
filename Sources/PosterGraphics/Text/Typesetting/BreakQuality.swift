/// How good a line break before a character is for a reader, from the words
/// around it: word-aware breaking (`TextStyle.keepsWords`) prefers the better
/// ones when they cost no line. Ordered from the best break to the worst.
enum BreakQuality: Int, Comparable, Sendable {
    /// Between clauses: after a pause, stop or closing mark, before an opening
    /// mark, at a space, or between Han text and a Latin word.
    case clause
    /// Between two words where the second is not a particle that leans on the
    /// first (`的` `了` `吗`…): where a headline may break.
    case phrase
    /// Between two words, before a particle.
    case word
    /// Inside a word (`停了/电` is fine, `要/命` is not).
    case insideWord
    /// Inside a reduplication (`默/默`, `安安/静静`, `乐/呵呵`): only when nothing else fits.
    case insideReduplication

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Particles and suffixes that lean on the word before them: a line that
    /// starts with one reads as a torn phrase.
    static let leaningParticles: Set<Character> = Set("的地得了着过们吗呢吧啊呀嘛么哦呗啦")

    /// Second and third characters of common ABB reduplications (`乐呵呵`,
    /// `灰溜溜`, `热乎乎`): breaking between A and BB splits the word.
    static let reduplicatedSuffixes: Set<String> = [
        "呵呵", "乎乎", "溜溜", "鼓鼓", "巴巴", "洋洋", "嘻嘻", "糟糟", "绵绵", "腾腾", "彤彤", "晶晶", "茸茸", "滋滋", "悠悠",
        "吞吞", "冲冲", "匆匆", "沉沉", "蒙蒙", "落落", "扑扑", "艳艳", "油油", "汪汪", "丝丝", "眯眯", "嘟嘟", "叨叨", "兮兮",
        "巍巍", "森森", "洒洒", "碌碌", "喳喳", "哄哄", "烘烘", "墩墩", "澄澄", "灿灿", "朦朦", "嗖嗖", "咧咧",
    ]

    /// The quality of a break before each character of `characters` (index 0 is
    /// `.clause`): `wordStarts` says where a word segmenter found a word boundary.
    static func qualities(_ characters: [Character], wordStarts: [Bool]) -> [BreakQuality] {
        var result = [BreakQuality](repeating: .clause, count: characters.count)
        guard characters.count > 1 else { return result }
        for index in 1..<characters.count {
            let before = characters[index - 1]
            let after = characters[index]
            let beforeIsHan = before.isIdeograph
            let afterIsHan = after.isIdeograph
            guard beforeIsHan, afterIsHan else {
                // Punctuation, spaces, Latin words and emoji: clause breaks, except a
                // mark that sits inside a word's run (the line-break rules decide those).
                result[index] = .clause
                continue
            }
            if isInsideReduplication(before: index, in: characters)
                || (!wordStarts[index] && touchesDoubledPair(before: index, in: characters)) {
                result[index] = .insideReduplication
            } else if !wordStarts[index] {
                result[index] = .insideWord
            } else if leaningParticles.contains(after) {
                result[index] = .word
            } else {
                result[index] = .phrase
            }
        }
        return result
    }

    /// Whether a break before `characters[index]` falls right before or right after
    /// two equal ideographs: inside a word, that is a reduplicated part of it
    /// (`气喘/吁吁`, `默默/无闻`, `乐/呵呵` when the dictionary knows the word).
    static func touchesDoubledPair(before index: Int, in characters: [Character]) -> Bool {
        if index + 1 < characters.count, characters[index] == characters[index + 1], characters[index].isIdeograph { return true }
        if index >= 2, characters[index - 1] == characters[index - 2], characters[index - 1].isIdeograph { return true }
        return false
    }

    /// Whether a break before `characters[index]` (two ideographs) splits a
    /// reduplication: AA (`默/默`), AABB between its halves (`安安/静静`), or ABB
    /// with a known BB suffix (`乐/呵呵`).
    static func isInsideReduplication(before index: Int, in characters: [Character]) -> Bool {
        let before = characters[index - 1]
        let after = characters[index]
        if before == after { return true }
        // AABB: the break falls between AA and BB.
        if index >= 2, index + 1 < characters.count, characters[index - 2] == before, characters[index + 1] == after,
           characters[index - 2].isIdeograph, characters[index + 1].isIdeograph {
            return true
        }
        // ABB: A then a known BB.
        if index + 1 < characters.count, characters[index + 1] == after,
           reduplicatedSuffixes.contains(String([after, after])) {
            return true
        }
        return false
    }
}
