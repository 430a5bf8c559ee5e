import PosterGraphics
import PosterPNG

/// Turns a drawn raster into file bytes: the seam between drawing and file formats.
///
/// Layout and drawing never depend on the format; a renderer is given an encoder
/// (`PNG(compression:)` ships), and JPEG or WebP encoders can conform the same way.
public protocol PosterEncoder: Sendable {
    /// The file name extension the bytes belong in, such as "png".
    var fileExtension: String { get }
    /// The media type, such as "image/png".
    var mediaType: String { get }
    /// Encodes a raster; fails with a `.graphics` error when the raster cannot be encoded.
    func encode(_ raster: Raster) throws(RenderError) -> [UInt8]
}

/// How hard the PNG encoder works on file size: `fast`, `balanced` (the default) or `smallest`.
///
/// Every setting is lossless and deterministic. Measured on the 32 classic posters
/// (bench/README.md): `fast` encodes in about a fifth of the time of `balanced` and
/// writes files about 28% larger; `smallest` writes files about 10% smaller at about
/// 40 times the time.
public enum PosterCompression: String, Sendable, Hashable, CaseIterable {
    /// ISA-L's igzip at level 1: for serving posters on demand.
    case fast
    /// libdeflate at level 6: the default.
    case balanced
    /// libdeflate at level 12: for archives and golden files.
    case smallest

    var pngCompression: PNGCompression {
        switch self {
        case .fast: .fast
        case .balanced: .balanced
        case .smallest: .smallest
        }
    }
}

/// PNG: lossless, deterministic (identical pixels give identical bytes), holding only
/// `IHDR`, `IDAT` and `IEND`; opaque posters are written as 8-bit RGB, others as RGBA.
public struct PNG: PosterEncoder {
    /// The compression setting; nil for an explicit level (`init(level:)`).
    public let compression: PosterCompression?
    let encoder: PNGEncoder

    /// A PNG encoder with one of the named compression settings.
    public init(compression: PosterCompression = .balanced) {
        self.compression = compression
        encoder = PNGEncoder(compression.pngCompression)
    }

    /// A PNG encoder at an explicit libdeflate level (0 stored ... 12), unfiltered:
    /// goldens are stored at 12 and compared at 0.
    package init(level: Int) {
        compression = nil
        encoder = PNGEncoder(compressionLevel: level, filterStrategy: .none)
    }

    /// "png".
    public var fileExtension: String { "png" }
    /// "image/png".
    public var mediaType: String { "image/png" }

    /// Encodes the raster as a PNG file.
    public func encode(_ raster: Raster) throws(RenderError) -> [UInt8] {
        do throws(PNGError) {
            return try encoder.encode(raster)
        } catch {
            throw RenderError(.graphics, "PNG encoding: \(error)")
        }
    }
}
