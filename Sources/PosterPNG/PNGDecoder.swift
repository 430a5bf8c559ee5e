import CDeflate

/// A decoded image as straight (non-premultiplied) 8-bit RGBA, row-major, no padding.
package struct DecodedImage: Sendable, Equatable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, top row first.
    package let rgba: [UInt8]

    /// Wraps already-decoded pixels; `rgba` must hold `width * height * 4` bytes.
    package init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "rgba must hold width * height * 4 bytes")
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// A strict PNG decoder for golden-image tests and asset checks.
///
/// Handles non-interlaced PNGs of every colour type (grey, RGB, palette,
/// grey+alpha, RGBA) at every legal bit depth, with `tRNS` transparency;
/// 16-bit samples are reduced to their high byte. Every structural rule that
/// matters for safety is enforced with a typed `PNGError`: signature, CRCs,
/// chunk order, exact decompressed size, no trailing zlib data and a pixel
/// limit checked before allocating — hostile input fails, it never crashes.
///
/// Thread safety: an immutable value; each call allocates its own libdeflate
/// decompressor, so a decoder may be used from many threads at once.
package struct PNGDecoder: Sendable {
    /// Largest accepted `width * height`; bigger images throw `.imageTooLarge`.
    package var maxPixels: Int

    /// A decoder accepting images up to `maxPixels` (default 50 megapixels).
    package init(maxPixels: Int = 50_000_000) {
        self.maxPixels = maxPixels
    }

    /// Decodes a complete PNG file held in memory.
    package func decode(_ bytes: [UInt8]) throws(PNGError) -> DecodedImage {
        try bytes.withUnsafeBufferPointer { (buffer) throws(PNGError) in
            try decode(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Decodes a complete PNG file from raw memory the caller keeps alive.
    package func decode(_ bytes: UnsafeRawBufferPointer) throws(PNGError) -> DecodedImage {
        let parsed = try parseChunks(bytes)
        let header = parsed.header
        let scanlineBytes = header.scanlineBytes
        let scanlines = UnsafeMutablePointer<UInt8>.allocate(capacity: scanlineBytes)
        defer { scanlines.deallocate() }

        if parsed.idat.count == 1 {
            // The common case: decompress straight from the file, no concatenation copy.
            try inflate(parsed.idat[0], into: scanlines, count: scanlineBytes)
        } else {
            var joined: [UInt8] = []
            joined.reserveCapacity(parsed.idat.reduce(0) { $0 + $1.count })
            for part in parsed.idat { joined.append(contentsOf: part) }
            try joined.withUnsafeBufferPointer { (buffer) throws(PNGError) in
                try inflate(UnsafeRawBufferPointer(buffer), into: scanlines, count: scanlineBytes)
            }
        }

        try PNGScanlineDecoding.unfilter(scanlines, header: header)
        let rgba = try PNGScanlineDecoding.expand(
            scanlines, header: header, palette: parsed.palette,
            paletteCount: parsed.paletteCount, transparency: parsed.transparency)
        return DecodedImage(width: header.width, height: header.height, rgba: rgba)
    }

    /// What the chunk walk collects; `idat` views point into the caller's bytes.
    private struct ParsedChunks {
        var header: PNGHeader
        var idat: [UnsafeRawBufferPointer] = []
        /// 256 RGBA entries, opaque black until `PLTE`/`tRNS` fill them in.
        var palette = [UInt8](repeating: 0, count: 256 * 4)
        var paletteCount = 0
        var transparency = PNGScanlineDecoding.Transparency.none
    }

    /// Walks all chunks up to `IEND`, enforcing the ordering rules.
    private func parseChunks(_ bytes: UnsafeRawBufferPointer) throws(PNGError) -> ParsedChunks {
        var reader = try PNGChunkReader(bytes)
        let first = try reader.next()
        guard first.type == PNGFormat.ihdr else { throw .missingChunk("IHDR") }
        var parsed = ParsedChunks(header: try PNGHeader(parsing: first.data, maxPixels: maxPixels))
        for i in 0..<256 { parsed.palette[i * 4 + 3] = 255 }
        var idatEnded = false

        while true {
            let chunk = try reader.next()
            let name = PNGFormat.name(of: chunk.type)
            if chunk.type != PNGFormat.idat, !parsed.idat.isEmpty { idatEnded = true }
            switch chunk.type {
            case PNGFormat.iend:
                guard !parsed.idat.isEmpty else { throw .missingChunk("IDAT") }
                if parsed.header.colourType == .palette, parsed.paletteCount == 0 { throw .missingChunk("PLTE") }
                return parsed
            case PNGFormat.idat:
                guard !idatEnded else { throw .malformedChunk(chunk: name, reason: "IDAT chunks are not consecutive") }
                if parsed.header.colourType == .palette, parsed.paletteCount == 0 { throw .missingChunk("PLTE") }
                parsed.idat.append(chunk.data)
            case PNGFormat.plte:
                try readPalette(chunk.data, into: &parsed)
            case PNGFormat.trns:
                try readTransparency(chunk.data, into: &parsed)
            case PNGFormat.ihdr:
                throw .malformedChunk(chunk: name, reason: "appears more than once")
            default:
                // Unknown ancillary chunks are safe to skip; unknown critical ones are not.
                if PNGFormat.isCritical(chunk.type) { throw .unknownCriticalChunk(name) }
            }
        }
    }

    private func readPalette(_ data: UnsafeRawBufferPointer, into parsed: inout ParsedChunks) throws(PNGError) {
        let colourType = parsed.header.colourType
        guard parsed.idat.isEmpty, parsed.paletteCount == 0 else {
            throw .malformedChunk(chunk: "PLTE", reason: "must appear once, before IDAT")
        }
        guard colourType != .grey, colourType != .greyAlpha else {
            throw .malformedChunk(chunk: "PLTE", reason: "not allowed for greyscale images")
        }
        guard data.count % 3 == 0, (3...768).contains(data.count) else {
            throw .malformedChunk(chunk: "PLTE", reason: "length \(data.count) is not 3 to 768 in steps of 3")
        }
        // Only palette images use it; for RGB(A) it is merely a quantisation hint.
        guard colourType == .palette else { return }
        parsed.paletteCount = data.count / 3
        for i in 0..<parsed.paletteCount {
            for c in 0..<3 { parsed.palette[i * 4 + c] = data[i * 3 + c] }
        }
    }

    private func readTransparency(_ data: UnsafeRawBufferPointer, into parsed: inout ParsedChunks) throws(PNGError) {
        guard parsed.idat.isEmpty else { throw .malformedChunk(chunk: "tRNS", reason: "must appear before IDAT") }
        func sample(_ i: Int) -> Int { Int(data[2 * i]) << 8 | Int(data[2 * i + 1]) }
        switch parsed.header.colourType {
        case .palette:
            guard parsed.paletteCount > 0, data.count <= parsed.paletteCount else {
                throw .malformedChunk(chunk: "tRNS", reason: "needs a preceding PLTE with at least \(data.count) entries")
            }
            for i in 0..<data.count { parsed.palette[i * 4 + 3] = data[i] }
        case .grey:
            guard data.count == 2 else { throw .malformedChunk(chunk: "tRNS", reason: "length \(data.count), expected 2") }
            parsed.transparency = .greyKey(sample(0))
        case .rgb:
            guard data.count == 6 else { throw .malformedChunk(chunk: "tRNS", reason: "length \(data.count), expected 6") }
            parsed.transparency = .rgbKey(sample(0), sample(1), sample(2))
        case .greyAlpha, .rgba:
            // These already carry alpha; libpng ignores tRNS here too.
            break
        }
    }

    /// Inflates the zlib stream into exactly `count` bytes, rejecting anything else.
    private func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>, count: Int) throws(PNGError) {
        guard let decompressor = libdeflate_alloc_decompressor() else { throw .decompressorAllocationFailed }
        defer { libdeflate_free_decompressor(decompressor) }
        var consumed = 0
        // A NULL actual-output pointer makes libdeflate demand exactly `count` bytes:
        // shorter streams give SHORT_OUTPUT, longer ones INSUFFICIENT_SPACE.
        let result = libdeflate_zlib_decompress_ex(
            decompressor, input.baseAddress, input.count, output, count, &consumed, nil)
        switch result {
        case LIBDEFLATE_SUCCESS:
            guard consumed == input.count else {
                throw .decompressionFailed("\(input.count - consumed) bytes of trailing data after the zlib stream")
            }
        case LIBDEFLATE_SHORT_OUTPUT:
            throw .decompressionFailed("stream is shorter than the \(count) bytes the header implies")
        case LIBDEFLATE_INSUFFICIENT_SPACE:
            throw .decompressionFailed("stream is longer than the \(count) bytes the header implies")
        default:
            throw .decompressionFailed("corrupt zlib data")
        }
    }
}
