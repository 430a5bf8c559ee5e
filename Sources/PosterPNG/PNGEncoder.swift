import CDeflate

/// A deterministic, lossless PNG encoder for Cairo ARGB32 image surfaces.
///
/// Output holds only `IHDR`, `IDAT` and `IEND` — no time stamps, text or colour
/// metadata — so identical pixels always give identical bytes, which keeps golden
/// files and content hashes stable. Fully opaque images are written as 8-bit RGB
/// (colour type 2), anything else as 8-bit straight-alpha RGBA (colour type 6).
///
/// Thread safety: the encoder is an immutable `Sendable` value; one instance may
/// be shared and called concurrently from any number of threads. Each `encode`
/// call allocates its own libdeflate compressor (a few microseconds, so caching
/// it — which would need a non-Sendable class — is not worth it) and borrows its
/// large buffers (~8 MB for a poster) from a process-wide, lock-protected
/// `PNGScratchPool`: allocating those per call made glibc return them to the
/// kernel and fault them back in, ~20% of an encode.
package struct PNGEncoder: Sendable {
    /// The compressor and its level.
    package var deflater: PNGDeflater
    /// How each scanline's filter type is chosen.
    package var filterStrategy: PNGFilterStrategy
    /// Largest `IDAT` data length; internal so tests can force multi-chunk output.
    var maxIDATLength = PNGFormat.maxChunkLength

    /// The measured default for 750x1334 posters: filter `.none`, libdeflate level 6
    /// (`PNGCompression.balanced`).
    ///
    /// Chosen with `nmti-bench --png-sweep` (bench/README.md), which encodes the 32
    /// classic posters with every filter strategy, compressor and level. Filter
    /// `.none` wins at every level: flat areas and vertical gradients already repeat
    /// byte for byte, and filtering breaks exact repeats of anti-aliased glyph rows.
    /// Below level 9, only levels 5 and 6 keep the median file under 150 KB, at the
    /// same cost (about 17 ms), and 6 is the smaller; level 1 is about twice as fast
    /// and 12% larger, igzip (`.fast`) about five times as fast and 28% larger.
    /// Re-run the sweep on real renders before changing this.
    package init() {
        self.init(.balanced)
    }

    /// An encoder for one of the named trade-offs, with filter `.none` (which beat
    /// every other filter strategy at every level on real posters).
    package init(_ compression: PNGCompression) {
        self.init(deflater: compression.deflater, filterStrategy: .none)
    }

    /// An encoder with an explicit libdeflate level (0...12) and filter strategy.
    package init(compressionLevel: Int, filterStrategy: PNGFilterStrategy) {
        self.init(deflater: .libdeflate(level: compressionLevel), filterStrategy: filterStrategy)
    }

    /// An encoder with an explicit compressor and filter strategy.
    package init(deflater: PNGDeflater, filterStrategy: PNGFilterStrategy) {
        self.deflater = deflater
        self.filterStrategy = filterStrategy
    }

    /// The compressor's level.
    package var compressionLevel: Int { deflater.level }

    /// Encodes premultiplied native-endian ARGB32 pixels (Cairo's layout) as a PNG.
    ///
    /// - Parameters:
    ///   - pixels: at least `stride * (height - 1) + width * 4` bytes.
    ///   - stride: bytes from one row's start to the next, at least `width * 4`.
    package func encode(
        argb32Premultiplied pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int
    ) throws(PNGError) -> [UInt8] {
        let source = try validatedBase(pixels, width: width, height: height, stride: stride)

        // Sized for RGBA, the worst case: opacity is only known after conversion.
        // Cannot overflow: validation bounded stride * height by the buffer size.
        let maxScanlineBytes = height * (width * 4 + 1)
        let bound = deflater.outputBound(inputBytes: maxScanlineBytes)
        let workspaceBytes = deflater.workspaceBytes
        return try PNGScratchPool.shared.withBuffer(byteCount: workspaceBytes + maxScanlineBytes + bound) {
            (scratch) throws(PNGError) -> [UInt8] in
            let scanlines = (scratch + workspaceBytes).bindMemory(to: UInt8.self, capacity: maxScanlineBytes + bound)
            let compressed = scanlines + maxScanlineBytes
            // Optimistically write RGB; the first translucent row sends us back to RGBA.
            var channels = 3
            if !filterScanlines(source, width: width, height: height, stride: stride, channels: 3, into: scanlines) {
                channels = 4
                _ = filterScanlines(source, width: width, height: height, stride: stride, channels: 4, into: scanlines)
            }
            let scanlineBytes = height * (width * channels + 1)
            let written = try deflater.compress(scanlines, count: scanlineBytes, into: compressed, capacity: bound,
                                                workspace: scratch)
            return assemble(width: width, height: height, colourType: channels == 3 ? 2 : 6,
                            idat: UnsafeRawBufferPointer(start: compressed, count: written))
        }
    }

    /// Checks arguments before touching memory; returns the pixel base address.
    private func validatedBase(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int
    ) throws(PNGError) -> UnsafeRawPointer {
        guard deflater.isValid else { throw .invalidCompressionLevel(deflater) }
        let sideRange = 1...PNGFormat.maxChunkLength
        guard sideRange.contains(width), sideRange.contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        let (minimumStride, strideOverflow) = width.multipliedReportingOverflow(by: 4)
        guard !strideOverflow, stride >= minimumStride else { throw .invalidStride(stride: stride, width: width) }
        let (leading, leadingOverflow) = stride.multipliedReportingOverflow(by: height - 1)
        let (required, requiredOverflow) = leading.addingReportingOverflow(minimumStride)
        guard !leadingOverflow, !requiredOverflow, let base = pixels.baseAddress, pixels.count >= required else {
            throw .pixelBufferTooSmall(required: leadingOverflow || requiredOverflow ? .max : required,
                                       actual: pixels.count)
        }
        return base
    }

    /// Converts each row to straight RGB (3 channels) or RGBA (4) and writes it
    /// filtered into `out`. In RGB mode returns false, leaving `out` partly
    /// written, as soon as a row turns out not to be fully opaque.
    ///
    /// Streaming row by row with two row buffers keeps the working set in cache
    /// instead of materialising a second full-size unfiltered image.
    private func filterScanlines(
        _ source: UnsafeRawPointer, width: Int, height: Int, stride: Int,
        channels: Int, into out: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        let rowBytes = width * channels
        if channels == 3, filterStrategy == .none {
            // Unfiltered RGB, the default: convert straight into the scanlines. Each
            // pixel's spare fourth byte lands on the next pixel, or on the next row's
            // filter byte (written afterwards), or in the slack after the last row.
            for y in 0..<height {
                let line = out + y * (rowBytes + 1)
                line[0] = PNGScanlineFilter.none
                let combined = PNGPremultipliedPixels.convertRowAssumingOpaque(source + y * stride, width: width, to: line + 1)
                if combined >> 24 != 0xFF { return false }
            }
            return true
        }
        // Four bytes of slack after each row: the RGB converter stores whole words
        // per pixel, and the spare byte must not land in the other row.
        let rowCapacity = rowBytes + 4
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowCapacity)
        defer { rows.deallocate() }
        // The row "above" the first row is defined as all zeros.
        rows.initialize(repeating: 0, count: 2 * rowCapacity)
        var prior = rows
        var current = rows + rowCapacity
        let filterer = PNGRowFilterer(strategy: filterStrategy, rowBytes: rowBytes, bytesPerPixel: channels)
        for y in 0..<height {
            let sourceRow = source + y * stride
            if channels == 3 {
                let combined = PNGPremultipliedPixels.convertRowAssumingOpaque(sourceRow, width: width, to: current)
                if combined >> 24 != 0xFF { return false }
            } else {
                PNGPremultipliedPixels.convertTranslucentRow(sourceRow, width: width, to: current)
            }
            filterer.filter(raw: current, prior: prior, into: out + y * (rowBytes + 1))
            swap(&prior, &current)
        }
        return true
    }

    /// Lays out signature, IHDR, one or more IDAT chunks and IEND in one exact-size array.
    private func assemble(width: Int, height: Int, colourType: UInt8, idat: UnsafeRawBufferPointer) -> [UInt8] {
        let idatChunks = max(1, (idat.count + maxIDATLength - 1) / maxIDATLength)
        let total = PNGFormat.signature.count + (PNGFormat.chunkOverhead + 13)
            + idatChunks * PNGFormat.chunkOverhead + idat.count + PNGFormat.chunkOverhead
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
            var writer = PNGByteWriter(base: buffer.baseAddress!)
            PNGFormat.signature.withUnsafeBytes { writer.write($0) }

            var header = [UInt8](repeating: 0, count: 13)
            withUnsafeBytes(of: UInt32(width).bigEndian) { header.replaceSubrange(0..<4, with: $0) }
            withUnsafeBytes(of: UInt32(height).bigEndian) { header.replaceSubrange(4..<8, with: $0) }
            header[8] = 8 // bit depth
            header[9] = colourType // bytes 10...12: deflate, adaptive filtering, no interlace
            header.withUnsafeBytes { writer.writeChunk(type: PNGFormat.ihdr, data: $0) }

            var start = 0
            repeat {
                let end = min(idat.count, start + maxIDATLength)
                writer.writeChunk(type: PNGFormat.idat, data: UnsafeRawBufferPointer(rebasing: idat[start..<end]))
                start = end
            } while start < idat.count

            writer.writeChunk(type: PNGFormat.iend, data: UnsafeRawBufferPointer(start: nil, count: 0))
            count = writer.offset
        }
    }
}
