import CDeflate

/// The byte-level container format shared by the encoder and decoder: the
/// signature, chunk type codes, and CRC-checked chunk framing.
enum PNGFormat {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// PNG caps chunk lengths at 2^31 - 1 so they survive signed 32-bit readers.
    static let maxChunkLength = 0x7FFF_FFFF

    /// Bytes a chunk adds around its data: length, type and CRC.
    static let chunkOverhead = 12

    // Chunk types as their big-endian four-character codes, so they compare as
    // plain integers instead of allocating strings per chunk.
    static let ihdr: UInt32 = 0x4948_4452
    static let plte: UInt32 = 0x504C_5445
    static let idat: UInt32 = 0x4944_4154
    static let iend: UInt32 = 0x4945_4E44
    static let trns: UInt32 = 0x7452_4E53

    /// The four-character name of a chunk type, for error messages only.
    static func name(of type: UInt32) -> String {
        let scalars = [24, 16, 8, 0].map { shift -> Character in
            let byte = UInt8(truncatingIfNeeded: type >> UInt32(shift))
            // Hostile files can put any byte here; keep messages printable.
            return (0x21...0x7E).contains(byte) ? Character(Unicode.Scalar(byte)) : "?"
        }
        return String(scalars)
    }

    /// Bit 5 of the first type byte clear means the chunk is critical.
    static func isCritical(_ type: UInt32) -> Bool { type & 0x2000_0000 == 0 }

    /// The chunk CRC: CRC-32 over the type code followed by the data.
    static func crc(type: UInt32, data: UnsafeRawBufferPointer) -> UInt32 {
        var typeBytes = type.bigEndian
        let typeCRC = withUnsafeBytes(of: &typeBytes) { libdeflate_crc32(0, $0.baseAddress, 4) }
        guard let base = data.baseAddress, !data.isEmpty else { return typeCRC }
        return libdeflate_crc32(typeCRC, base, data.count)
    }
}

/// Appends big-endian integers and framed chunks into preallocated memory.
///
/// The encoder knows its exact output size up front, so writing through a raw
/// pointer avoids the repeated capacity checks of `Array.append`.
struct PNGByteWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var offset = 0

    init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        UnsafeMutableRawPointer(base + offset).copyMemory(from: source, byteCount: bytes.count)
        offset += bytes.count
    }

    mutating func writeUInt32(_ value: UInt32) {
        var bigEndian = value.bigEndian
        withUnsafeBytes(of: &bigEndian) { write($0) }
    }

    /// Writes length, type, data and CRC for one chunk.
    mutating func writeChunk(type: UInt32, data: UnsafeRawBufferPointer) {
        writeUInt32(UInt32(data.count))
        writeUInt32(type)
        write(data)
        writeUInt32(PNGFormat.crc(type: type, data: data))
    }
}

/// One chunk as found in a file: its type code and a view of its data.
struct PNGChunk {
    let type: UInt32
    let data: UnsafeRawBufferPointer
}

/// Walks the chunks of a PNG after the signature, verifying every CRC.
///
/// All bounds are checked against the real input size before any read, so a
/// lying length field yields `.truncated` instead of an out-of-bounds access.
struct PNGChunkReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset: Int

    /// Starts reading; throws `.badSignature` unless the signature matches.
    init(_ bytes: UnsafeRawBufferPointer) throws(PNGError) {
        guard bytes.count >= PNGFormat.signature.count,
              bytes.prefix(PNGFormat.signature.count).elementsEqual(PNGFormat.signature)
        else { throw .badSignature }
        self.bytes = bytes
        self.offset = PNGFormat.signature.count
    }

    /// The next chunk; throws `.truncated` if the data ends before a whole chunk.
    mutating func next() throws(PNGError) -> PNGChunk {
        guard bytes.count - offset >= PNGFormat.chunkOverhead else { throw .truncated }
        let length = Int(readUInt32(at: offset))
        let type = readUInt32(at: offset + 4)
        guard length <= PNGFormat.maxChunkLength else {
            throw .malformedChunk(chunk: PNGFormat.name(of: type), reason: "length \(length) exceeds 2^31 - 1")
        }
        guard bytes.count - offset - PNGFormat.chunkOverhead >= length else { throw .truncated }
        let dataStart = offset + 8
        let data = UnsafeRawBufferPointer(rebasing: bytes[dataStart..<dataStart + length])
        let storedCRC = readUInt32(at: dataStart + length)
        guard PNGFormat.crc(type: type, data: data) == storedCRC else {
            throw .crcMismatch(chunk: PNGFormat.name(of: type))
        }
        offset = dataStart + length + 4
        return PNGChunk(type: type, data: data)
    }

    private func readUInt32(at position: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }
}
