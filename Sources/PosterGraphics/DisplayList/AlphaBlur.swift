/// A three-pass box blur of an 8-bit alpha raster.
///
/// Each pass is a running-sum box filter of width `2 * radius + 1`, clamping at the
/// edges and rounding `(sum + window / 2) / window`, first along rows and then along
/// columns. Rows are padded with their edge values so the inner loops have no
/// clamping, columns are filtered a whole row at a time so memory is read in order,
/// and the division is an exact multiply-and-shift: the results are exactly those of
/// the straightforward definition, only about ten times faster.
enum AlphaBlur {
    /// Blurs the 8-bit alpha rows of `mask` (`stride` bytes apart) in place.
    ///
    /// Every pass's output is a rounded average of 8-bit values, so it fits in a
    /// byte: the intermediate raster is bytes too, a quarter of the memory (and of
    /// the page faults on a worker's first shadow) that 32-bit intermediates took.
    static func blur(_ mask: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        guard width > 0, height > 0, radius > 0 else { return }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        let padded = UnsafeMutablePointer<Int32>.allocate(capacity: width + 2 * radius + 1)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: width)
        defer {
            scratch.deallocate()
            padded.deallocate()
            sums.deallocate()
        }
        let divide = BoxDivider(window: 2 * radius + 1)
        for _ in 0..<3 {
            horizontalPass(from: mask, sourceStride: stride, to: scratch, width: width, height: height, radius: radius,
                           padded: padded, divide: divide)
            verticalPass(from: scratch, to: mask, targetStride: stride, width: width, height: height, radius: radius,
                         sums: sums, divide: divide)
        }
    }

    /// Box-filters every row of `source` into the packed rows of `target`.
    private static func horizontalPass(
        from source: UnsafePointer<UInt8>, sourceStride: Int, to target: UnsafeMutablePointer<UInt8>,
        width: Int, height: Int, radius: Int, padded: UnsafeMutablePointer<Int32>, divide: BoxDivider
    ) {
        let window = 2 * radius + 1
        for y in 0..<height {
            let row = source + y * sourceStride
            // padded[k] = row[clamp(k - radius)], for k in 0...width + 2 * radius.
            let first = Int32(row[0]), last = Int32(row[width - 1])
            for k in 0..<radius { padded[k] = first }
            for x in 0..<width { padded[radius &+ x] = Int32(row[x]) }
            for k in (radius + width)...(width + 2 * radius) { padded[k] = last }
            var sum: Int32 = 0
            for k in 0..<window { sum &+= padded[k] }
            let out = target + y * width
            for x in 0..<width {
                out[x] = UInt8(truncatingIfNeeded: divide(sum))
                sum = sum &+ padded[x &+ window] &- padded[x]
            }
        }
    }

    /// Box-filters every column of the packed `source` into `target`, one row at a time.
    private static func verticalPass(
        from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, targetStride: Int,
        width: Int, height: Int, radius: Int, sums: UnsafeMutablePointer<Int32>, divide: BoxDivider
    ) {
        func row(_ index: Int) -> UnsafePointer<UInt8> { source + min(max(index, 0), height - 1) * width }
        sums.initialize(repeating: 0, count: width)
        for index in -radius...radius {
            let r = row(index)
            for x in 0..<width { sums[x] &+= Int32(r[x]) }
        }
        for y in 0..<height {
            let out = target + y * targetStride
            let entering = row(y + radius + 1)
            let leaving = row(y - radius)
            if divide.isMultiplyShift {
                let multiplier = divide.multiplier, shift = divide.shift, half = divide.half
                for x in 0..<width {
                    let sum = sums[x]
                    out[x] = UInt8(truncatingIfNeeded: (UInt32(bitPattern: sum &+ half) &* multiplier) >> shift)
                    sums[x] = sum &+ Int32(entering[x]) &- Int32(leaving[x])
                }
            } else {
                for x in 0..<width {
                    out[x] = UInt8(truncatingIfNeeded: divide(sums[x]))
                    sums[x] = sums[x] &+ Int32(entering[x]) &- Int32(leaving[x])
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
