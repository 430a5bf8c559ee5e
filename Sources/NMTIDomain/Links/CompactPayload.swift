/// The bits of the compact link form (docs/links.md, "The compact form"): a version,
/// the pack, whether a tag follows, each person (scores or the code's poles, then
/// the nickname as prefix-coded Unicode scalars) and the 80-bit tag.
struct CompactPayload: Equatable {
    /// One person as the payload holds them: scores or only a code, and the
    /// nickname's scalars as written (before the long form's nickname rules).
    struct Person: Equatable {
        var scores: DimensionScores?
        var code: PersonalityCode
        var nickname: [Unicode.Scalar]
    }

    /// The pack.
    var pack: QuizPack
    /// The sender: the inviter of an invite, the invitee of a reply.
    var sender: Person
    /// The inviter, for a reply.
    var inviter: Person?
    /// The first `NMTILink.compactTagBytes` bytes of the link's HMAC, when signed.
    var tag: [UInt8]?

    /// The only format version; the 2-bit field's other values are refused.
    static let version: UInt32 = 0
    /// The most scalars the engine writes for a nickname: 96 bytes hold no more.
    static let maximumScalars = 96

    /// The payload of `link`, or nil when a value cannot be written compactly (a
    /// score outside `NMTILink.compactScores`) or the tag is not 10 bytes.
    init?(_ link: NMTILink, tag: [UInt8]?) {
        guard tag == nil || tag?.count == NMTILink.compactTagBytes else { return nil }
        func person(_ person: LinkPerson) -> Person? {
            let nickname = person.nickname.map { Array($0.unicodeScalars) } ?? []
            guard nickname.count <= Self.maximumScalars else { return nil }
            if let scores = person.scores {
                guard [scores.c, scores.s, scores.e, scores.a].allSatisfy(NMTILink.compactScores.contains) else { return nil }
            }
            return Person(scores: person.scores, code: person.code, nickname: nickname)
        }
        guard let sender = person(link.sender) else { return nil }
        self.sender = sender
        pack = link.pack
        self.tag = tag
        if case .reply(_, _, let inviter) = link {
            guard let inviter = person(inviter) else { return nil }
            self.inviter = inviter
        }
    }

    init(pack: QuizPack, sender: Person, inviter: Person?, tag: [UInt8]?) {
        self.pack = pack
        self.sender = sender
        self.inviter = inviter
        self.tag = tag
    }

    /// The payload in base32hex: the bits, padded with zeros to a whole character.
    var text: String {
        var writer = BitWriter()
        writer.write(Self.version, bits: 2)
        writer.write(pack == .student)
        writer.write(tag != nil)
        Self.write(sender, to: &writer)
        if let inviter { Self.write(inviter, to: &writer) }
        for byte in tag ?? [] { writer.write(UInt32(byte), bits: 8) }
        return writer.base32hex
    }

    private static func write(_ person: Person, to writer: inout BitWriter) {
        if let scores = person.scores {
            writer.write(true)
            for value in [scores.c, scores.s, scores.e, scores.a] { writer.write(UInt32(value + 16), bits: 5) }
        } else {
            writer.write(false)
            for pole in person.code.poles { writer.write(pole.isPositive) }
        }
        writer.write(UInt32(person.nickname.count), bits: 7)
        for scalar in person.nickname { write(scalar, to: &writer) }
    }

    /// One scalar as its shortest prefix code: `0`+15 bits for U+4E00–U+CDFF,
    /// `10`+7 for ASCII, `110`+11 to U+07FF, `1110`+16 for the rest of the BMP,
    /// `1111`+20 above it.
    private static func write(_ scalar: Unicode.Scalar, to writer: inout BitWriter) {
        let value = scalar.value
        switch value {
        case 0x4E00...0xCDFF: writer.write(0b0, bits: 1); writer.write(value - 0x4E00, bits: 15)
        case 0...0x7F: writer.write(0b10, bits: 2); writer.write(value, bits: 7)
        case 0x80...0x7FF: writer.write(0b110, bits: 3); writer.write(value, bits: 11)
        case 0x800...0xFFFF: writer.write(0b1110, bits: 4); writer.write(value, bits: 16)
        default: writer.write(0b1111, bits: 4); writer.write(value - 0x10000, bits: 20)
        }
    }

    /// Reads a payload; every problem of its bits is a `CompactPayloadProblem`, and a
    /// payload is refused unless it is the one spelling `text` writes for its value.
    init(reading payload: Substring, isReply: Bool) throws(CompactPayloadProblem) {
        var reader = try BitReader(base32hex: payload)
        guard reader.remaining > 0 else { throw .truncated }
        let version = try reader.read(2)
        guard version == Self.version else { throw .unknownVersion(Int(version)) }
        pack = try reader.readBit() ? .student : .workplace
        let signed = try reader.readBit()
        sender = try Self.readPerson(&reader)
        inviter = isReply ? try Self.readPerson(&reader) : nil
        if signed {
            var tag: [UInt8] = []
            for _ in 0..<NMTILink.compactTagBytes { tag.append(UInt8(try reader.read(8))) }
            self.tag = tag
        } else {
            tag = nil
        }
        guard reader.remaining < 5 else { throw .trailingCharacters(reader.remaining / 5) }
        guard reader.restIsZero else { throw .nonZeroPadding }
        // One value, one spelling: whatever the checks above let through is caught here.
        guard text == payload else { throw .notCanonical }
    }

    private static func readPerson(_ reader: inout BitReader) throws(CompactPayloadProblem) -> Person {
        let person: (DimensionScores?, PersonalityCode)
        if try reader.readBit() {
            var values: [Int] = []
            for _ in 0..<4 { values.append(Int(try reader.read(5)) - 16) }
            let scores = DimensionScores(c: values[0], s: values[1], e: values[2], a: values[3])
            person = (scores, resolvePersonalityCode(from: scores))
        } else {
            var positive: [Bool] = []
            for _ in 0..<4 { positive.append(try reader.readBit()) }
            let code = PersonalityCode(
                c: Pole(dimension: .c, isPositive: positive[0]), s: Pole(dimension: .s, isPositive: positive[1]),
                e: Pole(dimension: .e, isPositive: positive[2]), a: Pole(dimension: .a, isPositive: positive[3]))
            person = (nil, code)
        }
        // Up to 127 scalars are read: the long form's nickname rules then judge them alike
        // (bidi controls dropped, then at most 24 characters and 96 bytes).
        let count = Int(try reader.read(7))
        var nickname: [Unicode.Scalar] = []
        for _ in 0..<count { nickname.append(try readScalar(&reader)) }
        return Person(scores: person.0, code: person.1, nickname: nickname)
    }

    private static func readScalar(_ reader: inout BitReader) throws(CompactPayloadProblem) -> Unicode.Scalar {
        let value: UInt32
        if !(try reader.readBit()) {
            value = try reader.read(15) + 0x4E00
        } else if !(try reader.readBit()) {
            value = try reader.read(7)
        } else if !(try reader.readBit()) {
            value = try reader.read(11)
            guard value >= 0x80 else { throw .notCanonical }
        } else if !(try reader.readBit()) {
            value = try reader.read(16)
            guard value >= 0x800, !(0x4E00...0xCDFF).contains(value) else { throw .notCanonical }
        } else {
            value = try reader.read(20) + 0x10000
        }
        guard let scalar = Unicode.Scalar(value) else { throw .notAScalar(value) }
        return scalar
    }
}
