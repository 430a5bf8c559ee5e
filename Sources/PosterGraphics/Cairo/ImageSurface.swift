import CCairo

/// A Cairo image surface in device pixels, owned by Swift: ARGB32, or A8 for masks.
///
/// Not thread-safe: a surface belongs to one render at a time.
final class ImageSurface {
    let handle: OpaquePointer
    let width: Int
    let height: Int

    /// Allocates a transparent surface; fails for sizes Cairo cannot hold.
    init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws(GraphicsError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw GraphicsError(.limit, "surface size \(width)x\(height) is outside 1...32767 pixels")
        }
        handle = try Self.checked(cairo_image_surface_create(format, Int32(width), Int32(height)), "cairo_image_surface_create")
        self.width = width
        self.height = height
    }

    /// A surface over pixels the caller owns: `width * height` premultiplied ARGB32
    /// words with no row padding, which must outlive every use of the surface.
    init(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int) throws(GraphicsError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767,
              Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) == width * 4
        else {
            throw GraphicsError(.limit, "surface size \(width)x\(height) is outside 1...32767 pixels")
        }
        handle = try Self.checked(
            cairo_image_surface_create_for_data(
                pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4)),
            "cairo_image_surface_create_for_data")
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(handle) }

    /// The surface `call` made, or its error (the surface destroyed): Cairo returns an
    /// error surface rather than nothing, so its status decides.
    private static func checked(_ surface: OpaquePointer?, _ call: StaticString) throws(GraphicsError) -> OpaquePointer {
        guard let surface else { throw GraphicsError(.cairo, "\(call) returned nothing") }
        do {
            try checkCairo(cairo_surface_status(surface), call)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        return surface
    }

    /// Bytes per row, which Cairo may pad beyond `width * 4`.
    var stride: Int { Int(cairo_image_surface_get_stride(handle)) }

    /// Gives read access to the premultiplied ARGB32 pixels after pending drawing is flushed.
    func withPixels<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(handle)
        let base = UnsafeRawPointer(cairo_image_surface_get_data(handle))
        return try body(UnsafeRawBufferPointer(start: base, count: stride * height))
    }

    /// Gives write access to the pixels; marks the surface dirty afterwards.
    func withMutablePixels<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(handle)
        let base = UnsafeMutableRawPointer(cairo_image_surface_get_data(handle))
        defer { cairo_surface_mark_dirty(handle) }
        return try body(UnsafeMutableRawBufferPointer(start: base, count: stride * height))
    }
}

/// A Cairo drawing context on one surface, owned by Swift.
final class CairoContext {
    let handle: OpaquePointer
    let surface: ImageSurface

    /// Creates a context; fails if Cairo reports an error status.
    init(surface: ImageSurface) throws(GraphicsError) {
        guard let cr = cairo_create(surface.handle) else {
            throw GraphicsError(.cairo, "cairo_create returned nothing")
        }
        do {
            try checkCairo(cairo_status(cr), "cairo_create")
        } catch {
            cairo_destroy(cr)
            throw error
        }
        handle = cr
        self.surface = surface
    }

    deinit { cairo_destroy(handle) }

    /// Throws if any drawing call so far put the context into an error state.
    func check(_ call: StaticString) throws(GraphicsError) {
        try checkCairo(cairo_status(handle), call)
    }
}
