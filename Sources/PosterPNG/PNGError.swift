/// Everything that can go wrong while encoding or decoding a PNG.
///
/// One typed error for both directions so callers can `catch` a single type and
/// tests can compare exact cases; every case carries enough context to explain
/// itself in a log line without the input at hand.
package enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    // MARK: Encoding

    /// Width or height is zero, negative or beyond the PNG limit of 2^31 - 1.
    case invalidDimensions(width: Int, height: Int)
    /// The row stride is smaller than `width * 4` bytes.
    case invalidStride(stride: Int, width: Int)
    /// The pixel buffer holds fewer bytes than `stride * (height - 1) + width * 4`.
    case pixelBufferTooSmall(required: Int, actual: Int)
    /// The compression level is outside the library's range (libdeflate 0...12, igzip 0...3).
    case invalidCompressionLevel(PNGDeflater)
    /// `libdeflate_alloc_compressor` returned NULL (out of memory).
    case compressorAllocationFailed(level: Int)
    /// `libdeflate_zlib_compress` returned 0: the output did not fit its bound.
    case compressionFailed(inputBytes: Int)

    // MARK: Decoding

    /// The first eight bytes are not the PNG signature.
    case badSignature
    /// The data ends in the middle of a chunk or before `IEND`.
    case truncated
    /// A chunk's stored CRC does not match its type and data.
    case crcMismatch(chunk: String)
    /// A chunk breaks the PNG structure rules (wrong order, wrong length, ...).
    case malformedChunk(chunk: String, reason: String)
    /// A critical chunk this decoder does not know, such as a future extension.
    case unknownCriticalChunk(String)
    /// A chunk the image needs (`IHDR`, `PLTE`, `IDAT`) is absent.
    case missingChunk(String)
    /// Valid PNG, but a combination this decoder does not handle (e.g. interlaced).
    case unsupportedFormat(String)
    /// The declared size exceeds the decoder's pixel limit.
    case imageTooLarge(width: Int, height: Int, maxPixels: Int)
    /// `libdeflate_alloc_decompressor` returned NULL (out of memory).
    case decompressorAllocationFailed
    /// The zlib stream is corrupt, too short, too long or followed by garbage.
    case decompressionFailed(String)
    /// A scanline starts with a filter type other than 0...4.
    case invalidFilterType(row: Int, type: UInt8)
    /// A palette index points past the end of `PLTE`.
    case paletteIndexOutOfRange(index: UInt8, paletteCount: Int)

    /// A human-readable explanation, suitable for logs and CLI output.
    package var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            "PNG: invalid dimensions \(width)x\(height) (each side must be 1...2147483647)"
        case let .invalidStride(stride, width):
            "PNG: stride \(stride) is smaller than width \(width) * 4 bytes"
        case let .pixelBufferTooSmall(required, actual):
            "PNG: pixel buffer has \(actual) bytes, needs at least \(required)"
        case let .invalidCompressionLevel(deflater):
            "PNG: \(deflater) is not a level the library has (libdeflate 0...12, igzip 0...3)"
        case let .compressorAllocationFailed(level):
            "PNG: libdeflate could not allocate a compressor for level \(level)"
        case let .compressionFailed(inputBytes):
            "PNG: libdeflate failed to compress \(inputBytes) bytes of scanlines"
        case .badSignature:
            "PNG: not a PNG file (bad signature)"
        case .truncated:
            "PNG: file is truncated"
        case let .crcMismatch(chunk):
            "PNG: CRC mismatch in \(chunk) chunk"
        case let .malformedChunk(chunk, reason):
            "PNG: malformed \(chunk) chunk: \(reason)"
        case let .unknownCriticalChunk(chunk):
            "PNG: unknown critical chunk \(chunk)"
        case let .missingChunk(chunk):
            "PNG: missing \(chunk) chunk"
        case let .unsupportedFormat(reason):
            "PNG: unsupported format: \(reason)"
        case let .imageTooLarge(width, height, maxPixels):
            "PNG: image \(width)x\(height) exceeds the limit of \(maxPixels) pixels"
        case .decompressorAllocationFailed:
            "PNG: libdeflate could not allocate a decompressor"
        case let .decompressionFailed(reason):
            "PNG: image data does not decompress: \(reason)"
        case let .invalidFilterType(row, type):
            "PNG: scanline \(row) has invalid filter type \(type)"
        case let .paletteIndexOutOfRange(index, count):
            "PNG: palette index \(index) is beyond the \(count)-entry palette"
        }
    }
}
