import PosterPNG

extension SVGSafety {
    /// The two bytes that start a gzip member; librsvg 2.54 decompresses any input that starts with them.
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    /// The bytes librsvg will hand to libxml2: `data` unchanged, or the one gzip
    /// member it starts with, decompressed with a bound of
    /// `maximumDecompressedBytes`. librsvg only undoes gzip (not zlib or raw
    /// deflate: those reach libxml2 as they are and fail to parse), and only
    /// once, so a member that decompresses to another gzip stream, or one
    /// followed by more bytes (which librsvg would silently drop), is refused
    /// rather than guessed about.
    static func decompressed(_ data: [UInt8]) throws(Rejection) -> [UInt8] {
        guard data.starts(with: gzipMagic) else { return data }
        guard let codec = DeflateCodec() else {
            throw Rejection(.malformed, "could not allocate a gzip decompressor")
        }
        // One byte more than allowed, so that "too large" and "exactly the limit" differ.
        var output = [UInt8](repeating: 0, count: maximumDecompressedBytes + 1)
        let outcome = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { buffer in codec.gunzip(input, into: buffer) }
        }
        if outcome == .tooLarge {
            throw fail("gzip-compressed SVG decompresses to more than \(maximumDecompressedBytes) bytes")
        }
        guard case .decompressed(let produced, let consumed) = outcome else {
            throw Rejection(.malformed, "corrupt or truncated gzip data")
        }
        guard produced <= maximumDecompressedBytes else {
            throw fail("gzip-compressed SVG decompresses to more than \(maximumDecompressedBytes) bytes")
        }
        guard consumed == data.count else {
            throw fail("\(data.count - consumed) bytes follow the gzip-compressed document; an SVG asset is one gzip member or none")
        }
        output.removeSubrange(produced...)
        guard !output.starts(with: gzipMagic) else {
            throw fail("is gzip-compressed twice; compress an SVG asset once or not at all")
        }
        return output
    }
}
