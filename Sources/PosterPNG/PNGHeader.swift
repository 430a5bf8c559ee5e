import PosterDisplay

/// The validated contents of an `IHDR` chunk plus the sizes derived from it.
///
/// All arithmetic on untrusted dimensions happens here, after range checks,
/// so later stages can use plain `Int` maths without overflow worries.
struct PNGHeader: Equatable {
    /// PNG colour types (spec section 11.2.2).
    enum ColourType: UInt8 {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        /// Samples per pixel.
        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// Bit depths the spec allows for this colour type.
        var allowedBitDepths: Set<Int> {
            switch self {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        }
    }

    let width: Int
    let height: Int
    let bitDepth: Int
    let colourType: ColourType

    /// Bits per pixel, which for depths below 8 packs several pixels per byte.
    var bitsPerPixel: Int { bitDepth * colourType.channels }

    /// The byte distance filters look back ("bpp" in the spec), at least 1.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one unfiltered scanline, excluding the filter-type byte.
    var rowBytes: Int { (width * bitsPerPixel + 7) / 8 }

    /// Size of the whole decompressed stream: every row plus its filter byte.
    var scanlineBytes: Int { height * (rowBytes + 1) }

    /// Parses and validates the 13-byte `IHDR` data against the pixel limit.
    init(parsing data: UnsafeRawBufferPointer, maxPixels: Int) throws(PNGError) {
        guard data.count == 13 else {
            throw .malformedChunk(chunk: "IHDR", reason: "length \(data.count), expected 13")
        }
        let width = Int(UInt32(bigEndian: data.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
        let height = Int(UInt32(bigEndian: data.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        let sideRange = 1...PNGFormat.maxChunkLength
        guard sideRange.contains(width), sideRange.contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        // Checked before any allocation so a 13-byte lie cannot request gigabytes.
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw .imageTooLarge(width: width, height: height, maxPixels: maxPixels)
        }

        let bitDepth = Int(data[8])
        guard let colourType = ColourType(rawValue: data[9]) else {
            throw .malformedChunk(chunk: "IHDR", reason: "colour type \(data[9]) does not exist")
        }
        guard colourType.allowedBitDepths.contains(bitDepth) else {
            throw .malformedChunk(chunk: "IHDR", reason: "bit depth \(bitDepth) is invalid for colour type \(data[9])")
        }
        guard data[10] == 0 else {
            throw .malformedChunk(chunk: "IHDR", reason: "compression method \(data[10]) is not deflate")
        }
        guard data[11] == 0 else {
            throw .malformedChunk(chunk: "IHDR", reason: "filter method \(data[11]) does not exist")
        }
        switch data[12] {
        case 0: break
        case 1: throw .unsupportedFormat("Adam7 interlacing")
        default: throw .malformedChunk(chunk: "IHDR", reason: "interlace method \(data[12]) does not exist")
        }

        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colourType = colourType
    }
}
