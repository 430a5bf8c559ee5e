import Testing
import UTF8Validation

/// Where bytes stop being UTF-8: what the result and theme readers name in their errors.
@Suite struct UTF8ValidationTests {
    @Test(arguments: [
        ([UInt8](), nil), (Array("abc".utf8), nil), (Array("小王🐶".utf8), nil),
        ([0x61, 0xFF], 1), ([0x61, 0xC0, 0xAF], 1),  // an invalid byte; an overlong "/"
        (Array("小".utf8) + [0xED, 0xA0, 0x80], 3),   // a UTF-16 surrogate
        (Array("小".utf8).dropLast() + [0x41], 0),    // a sequence cut short
        ([0xF4, 0x90, 0x80, 0x80], 0),                // beyond U+10FFFF
    ] as [([UInt8], Int?)])
    func findsTheFirstBadByte(bytes: [UInt8], offset: Int?) {
        #expect(bytes.firstInvalidUTF8Offset == offset)
        #expect(bytes.firstInvalidUTF8OffsetValidatingFirst == offset)
    }
}
