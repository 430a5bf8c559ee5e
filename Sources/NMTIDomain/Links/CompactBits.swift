/// Bits written most significant first and spelled in base32hex (RFC 4648 §7),
/// upper case, without padding: `0–9 A–V`, five bits a character, all of them QR
/// alphanumeric-mode characters. The compact link form's payload (docs/links.md).
struct BitWriter {
    /// The bits written so far, first bit first.
    private(set) var bits: [Bool] = []

    /// Appends the low `count` bits of `value`, most significant first.
    mutating func write(_ value: UInt32, bits count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> UInt32(shift)) & 1 == 1) }
    }

    /// Appends one bit.
    mutating func write(_ bit: Bool) { bits.append(bit) }

    /// The bits in base32hex, the last character padded with zero bits.
    var base32hex: String {
        var out: [UInt8] = []
        out.reserveCapacity((bits.count + 4) / 5)
        var index = 0
        while index < bits.count {
            var value = 0
            for offset in 0..<5 { value = value << 1 | (index + offset < bits.count && bits[index + offset] ? 1 : 0) }
            out.append(Base32Hex.alphabet[value])
            index += 5
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Reads bits, most significant first, out of base32hex text.
struct BitReader {
    private let values: [UInt8]
    /// The next bit to read.
    private(set) var position = 0

    /// A reader over `text`, or the first problem with its characters: lower case,
    /// or a character outside the alphabet (its 0-based offset in the payload).
    init(base32hex text: Substring) throws(CompactPayloadProblem) {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - 48)
            case UInt8(ascii: "A")...UInt8(ascii: "V"): values.append(byte - 65 + 10)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): throw .lowercase
            default: throw .badCharacter(offset: offset)
            }
        }
        self.values = values
    }

    /// How many bits the text holds.
    var count: Int { values.count * 5 }

    /// How many bits are left to read.
    var remaining: Int { count - position }

    /// The next `bits` bits as a number; `truncated` when the text ends first.
    mutating func read(_ bits: Int) throws(CompactPayloadProblem) -> UInt32 {
        guard bits <= remaining else { throw .truncated }
        var value: UInt32 = 0
        for _ in 0..<bits {
            let symbol = values[position / 5]
            value = value << 1 | UInt32((symbol >> UInt8(4 - position % 5)) & 1)
            position += 1
        }
        return value
    }

    /// The next bit.
    mutating func readBit() throws(CompactPayloadProblem) -> Bool { try read(1) == 1 }

    /// Whether every bit left is zero (the padding of the last character).
    var restIsZero: Bool {
        var reader = self
        while reader.remaining > 0 {
            guard (try? reader.read(1)) == 0 else { return false }
        }
        return true
    }
}

/// The base32hex alphabet.
enum Base32Hex {
    /// `0123456789ABCDEFGHIJKLMNOPQRSTUV`.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUV".utf8)
}
