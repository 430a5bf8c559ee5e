import CCairo

extension PosterCanvas {
    /// Paints a blurred silhouette under an item. The silhouette is drawn into a
    /// scratch raster covering only the shadow's area, its alpha box-blurred three
    /// times (close to a Gaussian), and used as a mask in the shadow colour.
    func drawShadow(
        _ shadow: Shadow, bounds: Rect, in context: CairoContext,
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
        let scratch = try ImageSurface(width: right - left, height: bottom - top)
        let scratchContext = try CairoContext(surface: scratch)
        let sc = scratchContext.handle
        cairo_translate(sc, -Double(left), -Double(top))
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_transform(sc, &matrix)
        cairo_translate(sc, shadow.offset.x, shadow.offset.y)
        cairo_set_source_rgba(sc, 0, 0, 0, 1)
        silhouette(sc)
        try scratchContext.check("drawing a shadow silhouette")
        let radius = Int((shadow.blur * PosterCanvas.scale / 2).rounded())
        if radius > 0 {
            scratch.withMutablePixels { pixels in
                AlphaBlur.blur(pixels, width: scratch.width, height: scratch.height, stride: scratch.stride, radius: radius)
            }
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let color = shadow.color
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cr, scratch.handle, Double(left), Double(top))
        cairo_restore(cr)
    }
}

/// A three-pass box blur of the alpha channel of a premultiplied ARGB32 raster.
enum AlphaBlur {
    static func blur(_ pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int, radius: Int) {
        var alpha = [Int32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                alpha[y * width + x] = Int32(pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) >> 24)
            }
        }
        var scratch = alpha
        for _ in 0..<3 {
            boxPass(from: alpha, to: &scratch, count: height, length: width, step: 1, lineStep: width, radius: radius)
            boxPass(from: scratch, to: &alpha, count: width, length: height, step: width, lineStep: 1, radius: radius)
        }
        for y in 0..<height {
            for x in 0..<width {
                let value = UInt32(max(0, min(255, alpha[y * width + x])))
                pixels.storeBytes(of: value << 24, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
    }

    /// One running-sum box filter along lines of `length` samples, clamping at the edges.
    private static func boxPass(
        from source: [Int32], to target: inout [Int32], count: Int, length: Int, step: Int, lineStep: Int, radius: Int
    ) {
        let window = Int32(2 * radius + 1)
        for line in 0..<count {
            let base = line * lineStep
            func sample(_ index: Int) -> Int32 { source[base + min(max(index, 0), length - 1) * step] }
            var sum: Int32 = 0
            for index in -radius...radius { sum += sample(index) }
            for index in 0..<length {
                target[base + index * step] = (sum + window / 2) / window
                sum += sample(index + radius + 1) - sample(index - radius)
            }
        }
    }
}
