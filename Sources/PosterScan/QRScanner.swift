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
        let (luma, width, height) = try recompressedLuma(raster, recompression)
        return try scan(luma, width: width, height: height)
    }

    /// For each square of `raster` (x, y and side in its pixels), the texts zbar finds inside
    /// it after the whole picture went through `recompression`: each code is judged on its own,
    /// so a second, larger code of the same text cannot stand in for one that does not scan.
    package static func texts(in raster: Raster, after recompression: Recompression?,
                              squares: [(x: Int, y: Int, side: Int)]) throws(ScanError) -> [[String]] {
        let (luma, width, height) = try recompressedLuma(raster, recompression)
        let scale = Double(width) / Double(raster.width)
        var found: [[String]] = []
        for square in squares {
            // A few pixels of what surrounds the code, as a phone's frame would hold.
            let left = max(0, Int((Double(square.x) * scale).rounded(.down)) - 4)
            let top = max(0, Int((Double(square.y) * scale).rounded(.down)) - 4)
            let right = min(width, Int((Double(square.x + square.side) * scale).rounded(.up)) + 4)
            let bottom = min(height, Int((Double(square.y + square.side) * scale).rounded(.up)) + 4)
            guard right > left, bottom > top else {
                found.append([])
                continue
            }
            var crop: [UInt8] = []
            crop.reserveCapacity((right - left) * (bottom - top))
            for row in top..<bottom { crop += luma[(row * width + left)..<(row * width + right)] }
            found.append(try scan(crop, width: right - left, height: bottom - top))
        }
        return found
    }

    /// The luma of `raster` over white after `recompression` (none: a lossless round trip), and its size.
    private static func recompressedLuma(_ raster: Raster, _ recompression: Recompression?) throws(ScanError) -> ([UInt8], Int, Int) {
        var picture = RGBPicture(over: raster)
        var quality = 100
        if let recompression {
            let size = recompression.size(width: picture.width, height: picture.height)
            picture = picture.resampled(width: size.width, height: size.height)
            quality = recompression.jpegQuality
        }
        return (try jpegLuma(picture, quality: quality), picture.width, picture.height)
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
