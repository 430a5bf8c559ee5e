import CCairo

/// What a shape's shadow silhouette is made of; with the transform and blur it
/// determines the blurred mask completely, so masks can be reused across renders.
struct ShadowSilhouette: Hashable {
    let geometry: ShapeGeometry
    let filled: Bool
    /// The outline's width and dash, in black, when the shape is stroked.
    let stroke: Stroke?
}

/// A finished shadow mask and where it goes on the canvas.
struct ShadowMaskKey: Hashable {
    let silhouette: ShadowSilhouette
    let offset: Point
    let blur: Double
    let matrix: [Double]
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int
}

/// Blurred shadow masks of shapes, kept per canvas (so per worker thread, no lock).
///
/// A theme's card shadow is the same on every poster, and blurring it is the most
/// expensive step of drawing; the mask for the same silhouette, transform and blur
/// is bit-for-bit the same, so it is made once and reused. Bounded in bytes.
struct ShadowMaskCache {
    static let maximumBytes = 24 << 20
    private var masks: [ShadowMaskKey: AlphaMask] = [:]
    private var bytes = 0

    func mask(for key: ShadowMaskKey) -> AlphaMask? { masks[key] }

    mutating func store(_ mask: AlphaMask, for key: ShadowMaskKey) {
        let size = mask.stride * mask.height
        guard size <= Self.maximumBytes / 2 else { return }
        if bytes + size > Self.maximumBytes {
            masks.removeAll()
            bytes = 0
        }
        masks[key] = mask
        bytes += size
    }
}

extension PosterCanvas {
    /// Paints a blurred silhouette under an item. The silhouette is drawn into a
    /// scratch raster covering only the shadow's area, its alpha box-blurred three
    /// times (close to a Gaussian), and used as a mask in the shadow colour.
    ///
    /// With a `silhouette` description (shapes), the finished mask is cached and
    /// reused by later renders on this canvas; text shadows are made each time.
    func drawShadow(
        _ shadow: Shadow, bounds: Rect, in context: CairoContext, shape described: ShadowSilhouette? = nil,
        silhouette: (OpaquePointer) -> Void
    ) throws(GraphicsError) {
        let cr = context.handle
        let margin = shadow.blur * 2 + 1
        let area = Rect(x: bounds.x + shadow.offset.x - margin, y: bounds.y + shadow.offset.y - margin,
                        width: bounds.width + 2 * margin, height: bounds.height + 2 * margin)
        var x0 = area.minX, y0 = area.minY, x1 = area.maxX, y1 = area.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        let left = max(0, Int(x0.rounded(.down)))
        let top = max(0, Int(y0.rounded(.down)))
        let right = min(context.surface.width, Int(x1.rounded(.up)))
        let bottom = min(context.surface.height, Int(y1.rounded(.up)))
        guard right > left, bottom > top else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)

        let key = described.map {
            ShadowMaskKey(silhouette: $0, offset: shadow.offset, blur: shadow.blur,
                          matrix: [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0],
                          left: left, top: top, right: right, bottom: bottom)
        }
        let mask: AlphaMask
        if let key, let cached = shadowMasks.mask(for: key) {
            mask = cached
        } else {
            let scratch = try ImageSurface(width: right - left, height: bottom - top)
            let scratchContext = try CairoContext(surface: scratch)
            let sc = scratchContext.handle
            cairo_translate(sc, -Double(left), -Double(top))
            cairo_transform(sc, &matrix)
            cairo_translate(sc, shadow.offset.x, shadow.offset.y)
            cairo_set_source_rgba(sc, 0, 0, 0, 1)
            silhouette(sc)
            try scratchContext.check("drawing a shadow silhouette")
            let radius = Int((shadow.blur * PosterCanvas.scale / 2).rounded())
            // The blurred alpha goes into an 8-bit mask: Cairo composites a solid colour
            // through an A8 mask on pixman's fast path, several times faster than
            // through the ARGB32 scratch, with the same alpha values.
            mask = try AlphaMask(width: scratch.width, height: scratch.height)
            scratch.withPixels { pixels in
                mask.fill { bytes, stride in
                    AlphaBlur.blur(pixels, width: scratch.width, height: scratch.height, stride: scratch.stride,
                                   radius: radius, into: bytes, maskStride: stride)
                }
            }
            if let key { shadowMasks.store(mask, for: key) }
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let color = shadow.color
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cr, mask.handle, Double(left), Double(top))
        cairo_restore(cr)
    }
}

/// An 8-bit alpha-only Cairo image surface, the shadow masks' format.
final class AlphaMask {
    let handle: OpaquePointer
    let width: Int
    let height: Int
    let stride: Int

    init(width: Int, height: Int) throws(GraphicsError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else {
            throw GraphicsError(.cairo, "cairo_image_surface_create (A8) returned nothing")
        }
        do {
            try checkCairo(cairo_surface_status(surface), "cairo_image_surface_create (A8)")
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        handle = surface
        self.width = width
        self.height = height
        stride = Int(cairo_image_surface_get_stride(surface))
    }

    deinit { cairo_surface_destroy(handle) }

    /// Lets `body` write every row, then tells Cairo the pixels changed.
    func fill(_ body: (UnsafeMutablePointer<UInt8>, Int) -> Void) {
        cairo_surface_flush(handle)
        body(cairo_image_surface_get_data(handle), stride)
        cairo_surface_mark_dirty(handle)
    }
}

/// A three-pass box blur of the alpha channel of a premultiplied ARGB32 raster.
///
/// Each pass is a running-sum box filter of width `2 * radius + 1`, clamping at the
/// edges and rounding `(sum + window / 2) / window`, first along rows and then along
/// columns. Rows are padded with their edge values so the inner loops have no
/// clamping, columns are filtered a whole row at a time so memory is read in order,
/// and the division is an exact multiply-and-shift: the results are exactly those of
/// the straightforward definition, only about ten times faster.
enum AlphaBlur {
    /// Blurs the alpha of the ARGB32 `pixels` into the 8-bit rows of `mask` (a copy when `radius` is 0).
    static func blur(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, radius: Int,
        into mask: UnsafeMutablePointer<UInt8>, maskStride: Int
    ) {
        guard width > 0, height > 0, let base = pixels.baseAddress else { return }
        guard radius > 0 else {
            for y in 0..<height {
                let row = base + y * stride
                let out = mask + y * maskStride
                for x in 0..<width {
                    out[x] = UInt8(truncatingIfNeeded: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self) >> 24)
                }
            }
            return
        }
        let count = width * height
        let alpha = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        let padded = UnsafeMutablePointer<Int32>.allocate(capacity: width + 2 * radius + 1)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: width)
        defer {
            alpha.deallocate()
            scratch.deallocate()
            padded.deallocate()
            sums.deallocate()
        }
        for y in 0..<height {
            let row = base + y * stride
            let out = alpha + y * width
            for x in 0..<width {
                out[x] = Int32(row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self) >> 24)
            }
        }
        let divide = BoxDivider(window: 2 * radius + 1)
        for _ in 0..<3 {
            horizontalPass(from: alpha, to: scratch, width: width, height: height, radius: radius, padded: padded, divide: divide)
            verticalPass(from: scratch, to: alpha, width: width, height: height, radius: radius, sums: sums, divide: divide)
        }
        for y in 0..<height {
            let out = mask + y * maskStride
            let source = alpha + y * width
            for x in 0..<width {
                out[x] = UInt8(truncatingIfNeeded: max(0, min(255, source[x])))
            }
        }
    }

    /// Box-filters every row of `source` into `target`.
    private static func horizontalPass(
        from source: UnsafePointer<Int32>, to target: UnsafeMutablePointer<Int32>, width: Int, height: Int, radius: Int,
        padded: UnsafeMutablePointer<Int32>, divide: BoxDivider
    ) {
        let window = 2 * radius + 1
        for y in 0..<height {
            let row = source + y * width
            // padded[k] = row[clamp(k - radius)], for k in 0...width + 2 * radius.
            let first = row[0], last = row[width - 1]
            for k in 0..<radius { padded[k] = first }
            (padded + radius).update(from: row, count: width)
            for k in (radius + width)...(width + 2 * radius) { padded[k] = last }
            var sum: Int32 = 0
            for k in 0..<window { sum &+= padded[k] }
            let out = target + y * width
            for x in 0..<width {
                out[x] = divide(sum)
                sum = sum &+ padded[x &+ window] &- padded[x]
            }
        }
    }

    /// Box-filters every column of `source` into `target`, one row at a time.
    private static func verticalPass(
        from source: UnsafePointer<Int32>, to target: UnsafeMutablePointer<Int32>, width: Int, height: Int, radius: Int,
        sums: UnsafeMutablePointer<Int32>, divide: BoxDivider
    ) {
        func row(_ index: Int) -> UnsafePointer<Int32> { source + min(max(index, 0), height - 1) * width }
        sums.initialize(repeating: 0, count: width)
        for index in -radius...radius {
            let r = row(index)
            for x in 0..<width { sums[x] &+= r[x] }
        }
        for y in 0..<height {
            let out = target + y * width
            let entering = row(y + radius + 1)
            let leaving = row(y - radius)
            if divide.isMultiplyShift {
                let multiplier = divide.multiplier, shift = divide.shift, half = divide.half
                for x in 0..<width {
                    let sum = sums[x]
                    out[x] = Int32(bitPattern: (UInt32(bitPattern: sum &+ half) &* multiplier) >> shift)
                    sums[x] = sum &+ entering[x] &- leaving[x]
                }
            } else {
                for x in 0..<width {
                    out[x] = divide(sums[x])
                    sums[x] = sums[x] &+ entering[x] &- leaving[x]
                }
            }
        }
    }
}

/// `(sum + window / 2) / window` for box sums of 8-bit values, as a multiply and a
/// shift when one is exact for every possible sum (checked exhaustively, since the
/// range is small), else as a division.
struct BoxDivider {
    let window: Int32
    let half: Int32
    let multiplier: UInt32
    let shift: UInt32
    let isMultiplyShift: Bool

    init(window: Int) {
        self.window = Int32(window)
        half = Int32(window / 2)
        // Largest dividend: every sample 255, plus the rounding half.
        let largest = UInt64(255 * window + window / 2)
        var found: (UInt32, UInt32)?
        search: for shift in UInt32(8)...UInt32(31) {
            let multiplier = ((UInt64(1) << UInt64(shift)) + UInt64(window) - 1) / UInt64(window)
            guard largest * multiplier < (UInt64(1) << 32) else { break }
            for dividend in 0...largest where (dividend * multiplier) >> UInt64(shift) != dividend / UInt64(window) {
                continue search
            }
            found = (UInt32(multiplier), shift)
            break
        }
        multiplier = found?.0 ?? 1
        shift = found?.1 ?? 0
        isMultiplyShift = found != nil
    }

    @inline(__always)
    func callAsFunction(_ sum: Int32) -> Int32 {
        if isMultiplyShift {
            return Int32(bitPattern: (UInt32(bitPattern: sum &+ half) &* multiplier) >> shift)
        }
        return (sum + half) / window
    }
}
