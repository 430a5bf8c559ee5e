import PosterDisplay

extension PNGEncoder {
    /// Encodes a canvas raster as a PNG.
    package func encode(_ raster: Raster) throws(PNGError) -> [UInt8] {
        var result: Result<[UInt8], PNGError> = .success([])
        raster.withUnsafeBytes { bytes in
            do throws(PNGError) {
                result = .success(try encode(argb32Premultiplied: bytes, width: raster.width, height: raster.height,
                                             stride: raster.stride))
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }
}

extension DecodedImage {
    /// The straight RGBA pixels a raster's PNG decodes to, without encoding it:
    /// un-premultiplied with the PNG encoder's own rounding.
    package init(raster: Raster) {
        var rgba = [UInt8](repeating: 0, count: raster.width * raster.height * 4)
        raster.withUnsafeBytes { source in
            rgba.withUnsafeMutableBufferPointer { out in
                for row in 0..<raster.height {
                    PNGPremultipliedPixels.convertTranslucentRow(
                        source.baseAddress! + row * raster.stride, width: raster.width,
                        to: out.baseAddress! + row * raster.width * 4)
                }
            }
        }
        self.init(width: raster.width, height: raster.height, rgba: rgba)
    }
}
