import CCodeScan
import PosterDisplay

/// Reads a poster's QR codes back from its pixels as a friend's phone would: after the
/// chat app's recompression (`Recompression`: Lanczos downscale, JPEG), with zbar, on the
/// JPEG's luma. libjpeg and libzbar are opened on first use (CCodeScan).
package enum QRScanner {
    /// Whether both libraries can be opened; the reason (naming the Debian packages) when not.
    package static func availability() -> ScanError? {
        var why = [CChar](repeating: 0, count: 512)
        guard nmti_scan_load(&why, why.count) != 0 else { return nil }
        return ScanError("the QR scan needs libjpeg and libzbar (Debian: libjpeg62-turbo libzbar0): \(Self.text(why))")
    }

    /// The texts of the QR codes zbar finds in `raster` after `recompression` (none: as drawn).
    package static func texts(in raster: Raster, after recompression: Recompression?) throws(ScanError) -> [String] {
        var picture = RGBPicture(over: raster)
        var quality = 100
        if let recompression {
            let size = recompression.size(width: picture.width, height: picture.height)
            picture = picture.resampled(width: size.width, height: size.height)
            quality = recompression.jpegQuality
        }
        let luma = try jpegLuma(picture, quality: quality)
        return try scan(luma, width: picture.width, height: picture.height)
    }

    /// The luma of `picture` after a JPEG round trip at `quality`.
    package static func jpegLuma(_ picture: RGBPicture, quality: Int) throws(ScanError) -> [UInt8] {
        var gray = [UInt8](repeating: 0, count: picture.width * picture.height)
        var why = [CChar](repeating: 0, count: 512)
        var jpegBytes = 0
        let status = picture.bytes.withUnsafeBufferPointer { rgb in
            gray.withUnsafeMutableBufferPointer { out in
                nmti_jpeg_luma_roundtrip(rgb.baseAddress, Int32(picture.width), Int32(picture.height), Int32(quality),
                                         out.baseAddress, &jpegBytes, &why, why.count)
            }
        }
        guard status == 0 else { throw ScanError(Self.text(why)) }
        return gray
    }

    /// The texts of the QR codes zbar finds in 8-bit grey pixels.
    package static func scan(_ gray: [UInt8], width: Int, height: Int) throws(ScanError) -> [String] {
        guard gray.count == width * height else { throw ScanError("\(gray.count) grey bytes are not a \(width)x\(height) picture") }
        var found = [UInt8](repeating: 0, count: 64 * 1024)
        var why = [CChar](repeating: 0, count: 512)
        let count = gray.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { out in
                nmti_zbar_scan_qr(pixels.baseAddress, Int32(width), Int32(height), out.baseAddress, out.count, &why, why.count)
            }
        }
        guard count >= 0 else { throw ScanError(Self.text(why)) }
        var texts: [String] = []
        var offset = 0
        for _ in 0..<count {
            let length = Int(found[offset]) | Int(found[offset + 1]) << 8 | Int(found[offset + 2]) << 16 | Int(found[offset + 3]) << 24
            texts.append(String(decoding: found[(offset + 4)..<(offset + 4 + length)], as: UTF8.self))
            offset += 4 + length
        }
        return texts
    }

    /// A NUL-terminated C message as text.
    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
