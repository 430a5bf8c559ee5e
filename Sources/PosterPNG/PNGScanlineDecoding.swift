/// Turns the decompressed scanline stream back into straight RGBA8 pixels.
///
/// Two steps: undo the per-row filters in place, then expand whatever colour
/// type and bit depth the file used into four bytes per pixel.
enum PNGScanlineDecoding {
    /// Transparency data from `tRNS`, already interpreted for the colour type.
    enum Transparency {
        case none
        /// Grey sample value (at the file's bit depth) that means "transparent".
        case greyKey(Int)
        /// RGB sample values (at the file's bit depth) that mean "transparent".
        case rgbKey(Int, Int, Int)
    }

    /// Reverses the filters row by row, in place.
    ///
    /// In place is safe because every filter only looks at bytes to the left in
    /// the same row and at the row above, both already reconstructed.
    static func unfilter(_ data: UnsafeMutablePointer<UInt8>, header: PNGHeader) throws(PNGError) {
        let rowBytes = header.rowBytes
        let bpp = header.filterStride
        let zeroRow = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        defer { zeroRow.deallocate() }
        zeroRow.initialize(repeating: 0, count: rowBytes)

        var prior = UnsafePointer(zeroRow)
        for y in 0..<header.height {
            let filterType = data[y * (rowBytes + 1)]
            let row = data + y * (rowBytes + 1) + 1
            switch filterType {
            case PNGScanlineFilter.none:
                break
            case PNGScanlineFilter.sub:
                for i in bpp..<max(bpp, rowBytes) { row[i] &+= row[i - bpp] }
            case PNGScanlineFilter.up:
                for i in 0..<rowBytes { row[i] &+= prior[i] }
            case PNGScanlineFilter.average:
                for i in 0..<min(bpp, rowBytes) { row[i] &+= prior[i] >> 1 }
                for i in bpp..<max(bpp, rowBytes) {
                    row[i] &+= UInt8(truncatingIfNeeded: (Int(row[i - bpp]) + Int(prior[i])) >> 1)
                }
            case PNGScanlineFilter.paeth:
                for i in 0..<min(bpp, rowBytes) { row[i] &+= prior[i] }
                for i in bpp..<max(bpp, rowBytes) {
                    row[i] &+= PNGScanlineFilter.predictPaeth(row[i - bpp], prior[i], prior[i - bpp])
                }
            default:
                throw .invalidFilterType(row: y, type: filterType)
            }
            prior = UnsafePointer(row)
        }
    }

    /// Expands unfiltered scanlines (each preceded by its filter byte) to RGBA8.
    ///
    /// - Parameter palette: 256 RGBA entries; `paletteCount` are valid.
    static func expand(
        _ data: UnsafePointer<UInt8>, header: PNGHeader,
        palette: [UInt8], paletteCount: Int, transparency: Transparency
    ) throws(PNGError) -> [UInt8] {
        let width = header.width
        let pixelCount = width * header.height
        return try [UInt8](unsafeUninitializedCapacity: pixelCount * 4) { (buffer, count) throws(PNGError) in
            let out = buffer.baseAddress!
            for y in 0..<header.height {
                let row = data + y * (header.rowBytes + 1) + 1
                try expandRow(row, header: header, palette: palette, paletteCount: paletteCount,
                              transparency: transparency, into: out + y * width * 4)
            }
            count = pixelCount * 4
        }
    }

    private static func expandRow(
        _ row: UnsafePointer<UInt8>, header: PNGHeader,
        palette: [UInt8], paletteCount: Int, transparency: Transparency,
        into out: UnsafeMutablePointer<UInt8>
    ) throws(PNGError) {
        let depth = header.bitDepth
        // Fast paths for what our own encoder writes; golden tests decode many of these.
        if depth == 8, case .none = transparency {
            if header.colourType == .rgba {
                out.update(from: row, count: header.width * 4)
                return
            }
            if header.colourType == .rgb {
                for x in 0..<header.width {
                    out[4 * x] = row[3 * x]; out[4 * x + 1] = row[3 * x + 1]
                    out[4 * x + 2] = row[3 * x + 2]; out[4 * x + 3] = 255
                }
                return
            }
        }
        let channels = header.colourType.channels
        for x in 0..<header.width {
            let o = out + 4 * x
            let s0 = sample(row, index: x * channels, depth: depth)
            switch header.colourType {
            case .grey:
                let g = to8Bit(s0, depth: depth)
                o[0] = g; o[1] = g; o[2] = g
                if case let .greyKey(key) = transparency, key == s0 { o[3] = 0 } else { o[3] = 255 }
            case .greyAlpha:
                let g = to8Bit(s0, depth: depth)
                o[0] = g; o[1] = g; o[2] = g
                o[3] = to8Bit(sample(row, index: x * 2 + 1, depth: depth), depth: depth)
            case .rgb:
                let s1 = sample(row, index: x * 3 + 1, depth: depth)
                let s2 = sample(row, index: x * 3 + 2, depth: depth)
                o[0] = to8Bit(s0, depth: depth); o[1] = to8Bit(s1, depth: depth); o[2] = to8Bit(s2, depth: depth)
                if case let .rgbKey(r, g, b) = transparency, r == s0, g == s1, b == s2 { o[3] = 0 } else { o[3] = 255 }
            case .rgba:
                for c in 0..<4 { o[c] = to8Bit(sample(row, index: x * 4 + c, depth: depth), depth: depth) }
            case .palette:
                guard s0 < paletteCount else {
                    throw .paletteIndexOutOfRange(index: UInt8(truncatingIfNeeded: s0), paletteCount: paletteCount)
                }
                for c in 0..<4 { o[c] = palette[s0 * 4 + c] }
            }
        }
    }

    /// The `index`-th sample of a row at its native depth (1, 2, 4, 8 or 16 bits),
    /// with sub-byte samples packed most significant bits first.
    @inline(__always)
    private static func sample(_ row: UnsafePointer<UInt8>, index: Int, depth: Int) -> Int {
        switch depth {
        case 8: return Int(row[index])
        case 16: return Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
        default:
            let bit = index * depth
            let shift = 8 - depth - bit % 8
            return Int(row[bit / 8] >> UInt8(shift)) & ((1 << depth) - 1)
        }
    }

    /// Scales a sample to 8 bits: low depths stretch to the full range
    /// (1 → 255), 16-bit keeps the high byte, as libpng's `strip_16` does.
    @inline(__always)
    private static func to8Bit(_ value: Int, depth: Int) -> UInt8 {
        switch depth {
        case 8: UInt8(truncatingIfNeeded: value)
        case 16: UInt8(truncatingIfNeeded: value >> 8)
        default: UInt8(truncatingIfNeeded: value * 255 / ((1 << depth) - 1))
        }
    }
}
