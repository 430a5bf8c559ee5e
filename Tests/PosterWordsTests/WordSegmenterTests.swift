import Testing
@testable import PosterWords

/// ICU's dictionary word boundaries, mapped back to characters.
@Suite struct WordSegmenterTests {
    let segmenter = WordSegmenter()

    /// The words of `text` as the segmenter finds them.
    func words(_ text: String) -> [String] {
        let characters = Array(text)
        let starts = segmenter.boundaries(characters)
        var words: [String] = []
        for (index, character) in characters.enumerated() {
            if starts[index] || words.isEmpty { words.append(String(character)) } else { words[words.count - 1].append(character) }
        }
        return words
    }

    @Test func icuIsThere() {
        #expect(segmenter.isAvailable)
        #expect(WordSegmenter.icuVersion.hasPrefix("72."), "bookworm's ICU: \(WordSegmenter.icuVersion)")
    }

    @Test func findsChineseWords() {
        let found = words("你在角落默默充电")
        for word in ["角落", "默默", "充电"] { #expect(found.contains(word), "\(found)") }
    }

    @Test func mapsOffsetsOfCharactersOutsideTheBasicPlane() {
        // 𠀀 and the emoji take two UTF-16 units each; the answers stay per character.
        let text = Array("𠀀你好😀工作👩‍💻")
        let starts = segmenter.boundaries(text)
        #expect(starts.count == text.count)
        #expect(starts[0])
        #expect(starts[5] == false, "工作 is one word")
    }

    @Test func emptyAndSingleCharacterTexts() {
        #expect(segmenter.boundaries([]).isEmpty)
        #expect(segmenter.boundaries(["好"]) == [true])
    }

    @Test func reusesItsIteratorAcrossTexts() {
        let first = words("周报写得比领导还全")
        _ = words("KPI我扛，会我主持")
        #expect(words("周报写得比领导还全") == first)
    }
}
