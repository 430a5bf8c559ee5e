import CDeflate
import CIsal

/// How hard the PNG encoder works on file size. Every setting is lossless and
/// deterministic; they trade encode time against bytes.
///
/// Measured on the 32 classic posters (bench/README.md): `fast` encodes in about
/// a fifth of the time of `balanced` and writes files about 28% larger;
/// `smallest` writes files about 10% smaller at about 40 times the time.
package enum PNGCompression: String, Sendable, CaseIterable {
    /// ISA-L's igzip at level 1: for serving posters on demand.
    case fast
    /// libdeflate at level 6: the default.
    case balanced
    /// libdeflate at level 12: for archives and golden files.
    case smallest

    /// The deflate implementation and level this setting uses.
    package var deflater: PNGDeflater {
        switch self {
        case .fast: .igzip(level: 1)
        case .balanced: .libdeflate(level: 6)
        case .smallest: .libdeflate(level: 12)
        }
    }
}

/// A zlib-format compressor from Debian and its level.
package enum PNGDeflater: Sendable, Equatable, CustomStringConvertible {
    /// libdeflate, levels 0 (stored) ... 12: good ratios, about 6 ns a byte at level 6 on posters.
    case libdeflate(level: Int)
    /// ISA-L igzip, levels 0 ... 3: about eight times faster than libdeflate's
    /// level 6 with a weaker match finder.
    case igzip(level: Int)

    /// "libdeflate level 6", for reports.
    package var description: String {
        switch self {
        case .libdeflate(let level): "libdeflate level \(level)"
        case .igzip(let level): "igzip level \(level)"
        }
    }

    var level: Int {
        switch self {
        case .libdeflate(let level), .igzip(let level): level
        }
    }

    /// Whether the level is one the library accepts.
    var isValid: Bool {
        switch self {
        case .libdeflate(let level): (0...12).contains(level)
        case .igzip(let level): (0...3).contains(level)
        }
    }

    /// Scratch bytes `compress` needs besides its input and output.
    var workspaceBytes: Int {
        switch self {
        case .libdeflate: 0
        case .igzip(let level):
            Self.align(MemoryLayout<isal_zstream>.size) + Int(nmti_isal_level_buffer_size(UInt32(level)))
        }
    }

    /// An output size that always suffices for `inputBytes` of input.
    func outputBound(inputBytes: Int) -> Int {
        // Stored blocks cost 5 bytes per 65,535; igzip falls back to them for
        // incompressible input. The slack covers both zlib wrappers and igzip's headers.
        inputBytes + inputBytes / 8 + 5 * (inputBytes / 65_535 + 1) + 1024
    }

    /// Compresses `input` into a zlib stream in `output`; returns the bytes written.
    func compress(
        _ input: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, capacity: Int,
        workspace: UnsafeMutableRawPointer
    ) throws(PNGError) -> Int {
        switch self {
        case .libdeflate(let level):
            guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
                throw .compressorAllocationFailed(level: level)
            }
            defer { libdeflate_free_compressor(compressor) }
            let written = libdeflate_zlib_compress(compressor, input, count, output, capacity)
            guard written > 0 else { throw .compressionFailed(inputBytes: count) }
            return written
        case .igzip(let level):
            // igzip counts in UInt32; a poster is a few megabytes.
            guard count < Int(UInt32.max) / 2, capacity < Int(UInt32.max) else {
                throw .compressionFailed(inputBytes: count)
            }
            let stream = workspace.bindMemory(to: isal_zstream.self, capacity: 1)
            isal_deflate_stateless_init(stream)
            stream.pointee.level = UInt32(level)
            stream.pointee.level_buf = (workspace + Self.align(MemoryLayout<isal_zstream>.size))
                .assumingMemoryBound(to: UInt8.self)
            stream.pointee.level_buf_size = nmti_isal_level_buffer_size(UInt32(level))
            stream.pointee.gzip_flag = UInt16(IGZIP_ZLIB)
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input)
            stream.pointee.avail_in = UInt32(count)
            stream.pointee.next_out = output
            stream.pointee.avail_out = UInt32(capacity)
            stream.pointee.end_of_stream = 1
            stream.pointee.flush = UInt16(NO_FLUSH)
            let status = isal_deflate_stateless(stream)
            guard status == COMP_OK, stream.pointee.avail_in == 0 else {
                throw .compressionFailed(inputBytes: count)
            }
            return Int(stream.pointee.total_out)
        }
    }

    private static func align(_ bytes: Int) -> Int { (bytes + 63) & ~63 }
}
