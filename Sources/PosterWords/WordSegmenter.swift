import CWordBreak

/// Word boundaries in Chinese text, from ICU's dictionary-based word break
/// iterator (`UBRK_WORD` for `zh`, with ICU's CJK dictionary). One per thread:
/// an ICU break iterator is not thread-safe, so the segmenter keeps its own.
package final class WordSegmenter {
    /// The iterator, opened once; nil when ICU could not open it (its data missing).
    private let iterator: OpaquePointer?

    /// Opens ICU's word break iterator for Simplified Chinese.
    package init() {
        iterator = nmti_word_iterator_open("zh")
    }

    deinit {
        if let iterator { nmti_word_iterator_close(iterator) }
    }

    /// Whether ICU's word iterator is available; without it every position counts as a boundary.
    package var isAvailable: Bool { iterator != nil }

    /// For each character of `characters`, whether a word boundary lies before it
    /// (index 0 is always true). Without ICU every answer is true, which makes
    /// word-aware breaking break as if it knew no words.
    package func boundaries(_ characters: [Character]) -> [Bool] {
        var result = [Bool](repeating: true, count: characters.count)
        guard let iterator, characters.count > 1 else { return result }
        // Each character's first UTF-16 offset, to map ICU's offsets back.
        var units: [UInt16] = []
        units.reserveCapacity(characters.count * 2)
        var characterAt: [Int32: Int] = [:]
        characterAt.reserveCapacity(characters.count)
        for (index, character) in characters.enumerated() {
            characterAt[Int32(units.count)] = index
            units.append(contentsOf: character.utf16)
        }
        for index in 1..<characters.count { result[index] = false }
        units.withUnsafeBufferPointer { buffer in
            guard nmti_word_iterator_set_text(iterator, buffer.baseAddress, Int32(buffer.count)) == 0 else {
                for index in result.indices { result[index] = true }
                return
            }
            var offset = nmti_word_iterator_first(iterator)
            while offset != -1 {  // UBRK_DONE
                // A boundary inside a character (ICU splits no grapheme, but be safe) is ignored.
                if let index = characterAt[offset] { result[index] = true }
                offset = nmti_word_iterator_next(iterator)
            }
            // The iterator must not keep a pointer to this buffer.
            _ = nmti_word_iterator_set_text(iterator, nil, 0)
        }
        return result
    }

    /// The version of ICU loaded, whose dictionary decides the boundaries.
    package static var icuVersion: String {
        var buffer = [CChar](repeating: 0, count: 24)
        nmti_icu_version(&buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
