/// How `PNGEncoder` chooses the PNG filter type for each scanline.
///
/// Filters turn pixels into differences from their neighbours, which deflate
/// compresses far better on gradients and flat areas. They cost CPU time, so the
/// choice trades encode speed against file size.
package enum PNGFilterStrategy: String, Sendable, Hashable, CaseIterable {
    /// Filter type 0 on every row: raw bytes, no CPU spent on prediction.
    case none
    /// Filter type 1 on every row: difference from the pixel to the left.
    case sub
    /// Filter type 2 on every row: difference from the pixel above.
    case up
    /// Filter type 4 on every row: Paeth predictor over left, above and upper-left.
    case paeth
    /// Per row, all five filter types are tried and the one with the minimum sum of
    /// absolute (signed-byte) differences wins — the heuristic the PNG spec suggests.
    case adaptive
}

/// The five PNG filter types applied to one scanline.
///
/// Everything works on raw pointers with wrapping arithmetic because this is the
/// encoder's hot loop (about 3 MB per poster) and bounds checks would dominate it.
enum PNGScanlineFilter {
    static let none: UInt8 = 0
    static let sub: UInt8 = 1
    static let up: UInt8 = 2
    static let average: UInt8 = 3
    static let paeth: UInt8 = 4

    /// Writes `raw` filtered with `type` into `out`.
    ///
    /// `prior` is the previous unfiltered row, or a row of zeros for the first
    /// row, which is exactly how the PNG spec defines the missing row above.
    @inline(__always)
    static func apply(
        _ type: UInt8,
        raw: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>,
        out: UnsafeMutablePointer<UInt8>, count: Int, bytesPerPixel bpp: Int
    ) {
        // Loops use wrapping indices (`&+`, `&-`): with trapping arithmetic LLVM
        // keeps overflow checks in the loop and does not vectorise it.
        switch type {
        case sub:
            for i in 0..<bpp { out[i] = raw[i] }
            var i = bpp
            while i < count {
                out[i] = raw[i] &- raw[i &- bpp]
                i &+= 1
            }
        case up:
            for i in 0..<count { out[i] = raw[i] &- prior[i] }
        case average:
            for i in 0..<bpp { out[i] = raw[i] &- (prior[i] >> 1) }
            var i = bpp
            while i < count {
                out[i] = raw[i] &- UInt8(truncatingIfNeeded: (UInt16(raw[i &- bpp]) &+ UInt16(prior[i])) >> 1)
                i &+= 1
            }
        case paeth:
            // With no left neighbour Paeth degenerates to "up".
            for i in 0..<bpp { out[i] = raw[i] &- prior[i] }
            // Scalar Paeth with trapping indices took ~40% of a Paeth encode in `perf`.
            var i = bpp
            while i < count {
                out[i] = raw[i] &- predictPaeth(raw[i &- bpp], prior[i], prior[i &- bpp])
                i &+= 1
            }
        default:
            out.update(from: raw, count: count)
        }
    }

    /// The Paeth predictor: whichever of left, above, upper-left is closest to
    /// left + above - upper-left, ties broken in that order as the spec requires.
    ///
    /// Branch-free (`min`, selects, wrapping 16-bit maths) so the encoder's loop
    /// vectorises; the decoder's loop cannot, as each byte depends on the last.
    @inline(__always)
    static func predictPaeth(_ left: UInt8, _ above: UInt8, _ upperLeft: UInt8) -> UInt8 {
        let towardsAbove = Int16(above) &- Int16(upperLeft) // p - left
        let towardsLeft = Int16(left) &- Int16(upperLeft) // p - above
        let distanceLeft = magnitude(towardsAbove)
        let distanceAbove = magnitude(towardsLeft)
        let distanceUpperLeft = magnitude(towardsAbove &+ towardsLeft) // p - upperLeft
        let aboveOrUpperLeft = distanceAbove <= distanceUpperLeft ? above : upperLeft
        return distanceLeft <= min(distanceAbove, distanceUpperLeft) ? left : aboveOrUpperLeft
    }

    @inline(__always)
    private static func magnitude(_ value: Int16) -> Int16 {
        value < 0 ? 0 &- value : value
    }

    /// Sum of the bytes read as signed values' magnitudes: the spec's cheap
    /// proxy for "how well will deflate compress this row".
    @inline(__always)
    static func signedMagnitudeSum(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        var sum = 0
        var start = 0
        while start < count {
            // 16-bit partial sums over 256-byte blocks (at most 256 * 128 = 32768)
            // let LLVM use eight or sixteen lanes instead of two 64-bit ones.
            let end = min(count, start &+ 256)
            var partial: UInt16 = 0
            var i = start
            while i < end {
                // |Int8(bitPattern: byte)| via the sign-mask trick, which vectorises
                // where `min` or a branch does not.
                let signed = Int8(bitPattern: row[i])
                let sign = signed >> 7
                partial &+= UInt16(UInt8(bitPattern: (signed ^ sign) &- sign))
                i &+= 1
            }
            sum &+= Int(partial)
            start = end
        }
        return sum
    }
}

/// Filters whole scanlines for one strategy, owning the scratch rows it needs.
///
/// Allocated once per encode and reused for every row, so the adaptive strategy
/// does not allocate per row.
struct PNGRowFilterer: ~Copyable {
    private let strategy: PNGFilterStrategy
    private let rowBytes: Int
    private let bytesPerPixel: Int
    /// Four candidate rows (sub, up, average, paeth) for the adaptive strategy.
    private let candidates: UnsafeMutablePointer<UInt8>

    init(strategy: PNGFilterStrategy, rowBytes: Int, bytesPerPixel: Int) {
        self.strategy = strategy
        self.rowBytes = rowBytes
        self.bytesPerPixel = bytesPerPixel
        let scratchRows = strategy == .adaptive ? 4 : 0
        candidates = .allocate(capacity: max(1, scratchRows * rowBytes))
    }

    deinit { candidates.deallocate() }

    /// Writes the filter-type byte and the filtered row to `out` (`rowBytes + 1` bytes).
    func filter(raw: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) {
        let type: UInt8
        switch strategy {
        case .none: type = PNGScanlineFilter.none
        case .sub: type = PNGScanlineFilter.sub
        case .up: type = PNGScanlineFilter.up
        case .paeth: type = PNGScanlineFilter.paeth
        case .adaptive:
            filterAdaptively(raw: raw, prior: prior, into: out)
            return
        }
        out[0] = type
        PNGScanlineFilter.apply(type, raw: raw, prior: prior, out: out + 1, count: rowBytes, bytesPerPixel: bytesPerPixel)
    }

    private func filterAdaptively(
        raw: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>
    ) {
        var bestType = PNGScanlineFilter.none
        var bestRow = raw
        var bestSum = PNGScanlineFilter.signedMagnitudeSum(raw, count: rowBytes)
        for type in PNGScanlineFilter.sub...PNGScanlineFilter.paeth {
            let candidate = candidates + Int(type - 1) * rowBytes
            PNGScanlineFilter.apply(type, raw: raw, prior: prior, out: candidate, count: rowBytes, bytesPerPixel: bytesPerPixel)
            let sum = PNGScanlineFilter.signedMagnitudeSum(candidate, count: rowBytes)
            // Strictly less: ties keep the lower type number, keeping output deterministic.
            if sum < bestSum {
                bestType = type
                bestRow = UnsafePointer(candidate)
                bestSum = sum
            }
        }
        out[0] = bestType
        (out + 1).update(from: bestRow, count: rowBytes)
    }
}
