import CDeflate

/// libdeflate for the places outside PNG that need it, so that PosterPNG stays the one module
/// importing it: gzip-compressed SVG assets (PosterGraphics) and the compression floor of
/// `nmti-bench`. One codec per caller and thread; libdeflate's objects are not shared.
package final class DeflateCodec {
    /// What a decompression did.
    package enum Outcome: Equatable {
        /// `produced` bytes written from the first `consumed` bytes of the input.
        case decompressed(produced: Int, consumed: Int)
        /// The output would not fit in the space given.
        case tooLarge
        /// The input is not a complete, valid stream.
        case corrupt
    }

    private let decompressor: OpaquePointer
    private let compressor: OpaquePointer?

    /// A codec that decompresses, and compresses at `compressionLevel` (1 to 12) when given;
    /// nil when libdeflate cannot allocate its state.
    package init?(compressionLevel: Int? = nil) {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        var compressor: OpaquePointer?
        if let compressionLevel {
            compressor = libdeflate_alloc_compressor(Int32(compressionLevel))
            guard compressor != nil else {
                libdeflate_free_decompressor(decompressor)
                return nil
            }
        }
        self.decompressor = decompressor
        self.compressor = compressor
    }

    deinit {
        libdeflate_free_decompressor(decompressor)
        if let compressor { libdeflate_free_compressor(compressor) }
    }

    /// Decompresses the gzip member `input` starts with into `output`.
    package func gunzip(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Outcome {
        decompress(input, into: output, with: libdeflate_gzip_decompress_ex)
    }

    /// Decompresses the zlib stream `input` into `output`.
    package func inflateZlib(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Outcome {
        decompress(input, into: output, with: libdeflate_zlib_decompress_ex)
    }

    /// One of libdeflate's `…_decompress_ex` calls (they share a signature) over the buffers.
    private func decompress(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
        with call: (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int,
                    UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int>?) -> libdeflate_result
    ) -> Outcome {
        var consumed = 0
        var produced = 0
        let result = call(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &consumed, &produced)
        switch result {
        case LIBDEFLATE_SUCCESS: return .decompressed(produced: produced, consumed: consumed)
        case LIBDEFLATE_INSUFFICIENT_SPACE: return .tooLarge
        default: return .corrupt
        }
    }

    /// Compresses `input` into a zlib stream in `output`; the bytes written, 0 when it did not
    /// fit or the codec was made without a compression level.
    package func deflateZlib(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int {
        guard let compressor else { return 0 }
        return libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
    }

    /// An output size that always suffices for a zlib stream of `inputBytes` (0 without a compression level).
    package func zlibBound(_ inputBytes: Int) -> Int {
        guard let compressor else { return 0 }
        return libdeflate_zlib_compress_bound(compressor, inputBytes)
    }
}
