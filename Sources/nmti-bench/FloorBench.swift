import Foundation
import PosterPNG

/// The compression-only floor, measured on the engine's own output.
enum FloorBench {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The zlib stream of a PNG (all IDAT data concatenated) and its geometry.
    static func idat(of png: [UInt8]) throws -> (zlib: [UInt8], width: Int, height: Int, channels: Int) {
        func u32(_ offset: Int) -> Int {
            Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
        }
        var offset = 8
        var zlib: [UInt8] = []
        var width = 0, height = 0, channels = 0
        while offset + 12 <= png.count {
            let length = u32(offset)
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8
            switch type {
            case "IHDR":
                width = u32(data)
                height = u32(data + 4)
                switch png[data + 9] {
                case 2: channels = 3
                case 6: channels = 4
                default: throw Failure(description: "unexpected PNG colour type \(png[data + 9])")
                }
            case "IDAT":
                zlib += png[data..<data + length]
            default:
                break
            }
            offset = data + length + 4
        }
        guard width > 0, channels > 0 else { throw Failure(description: "no IHDR") }
        return (zlib, width, height, channels)
    }

    /// Inflates each poster's IDAT once, then times deflate alone and the encoder on a pre-drawn raster.
    static func measure(pngs: [[UInt8]], rounds: Int) throws -> Floor {
        let encoder = PNGEncoder()
        let level = encoder.compressionLevel
        var deflateTimes: [UInt64] = []
        var encodeTimes: [UInt64] = []
        var scanlineBytes = 0
        guard let codec = DeflateCodec(compressionLevel: level) else { throw Failure(description: "no libdeflate codec") }

        for png in pngs {
            let (zlib, width, height, channels) = try idat(of: png)
            scanlineBytes = height * (width * channels + 1)
            var scanlines = [UInt8](repeating: 0, count: scanlineBytes)
            let status = zlib.withUnsafeBytes { input in
                scanlines.withUnsafeMutableBytes { output in codec.inflateZlib(input, into: output) }
            }
            guard case .decompressed(let actual, _) = status, actual == scanlineBytes else {
                throw Failure(description: "could not inflate the poster's IDAT")
            }
            let bound = codec.zlibBound(scanlineBytes)
            var output = [UInt8](repeating: 0, count: bound)

            // The same pixels as Cairo would hold them: premultiplied native-endian ARGB32.
            let image = try PNGDecoder().decode(png)
            var argb = [UInt32](repeating: 0, count: width * height)
            for index in 0..<(width * height) {
                let r = UInt32(image.rgba[index * 4]), g = UInt32(image.rgba[index * 4 + 1])
                let b = UInt32(image.rgba[index * 4 + 2]), a = UInt32(image.rgba[index * 4 + 3])
                func premultiply(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                argb[index] = a << 24 | premultiply(r) << 16 | premultiply(g) << 8 | premultiply(b)
            }

            for round in 0...rounds {
                let t0 = monotonicNanoseconds()
                let written = scanlines.withUnsafeBytes { input in
                    output.withUnsafeMutableBytes { out in
                        codec.deflateZlib(input, into: out)
                    }
                }
                let t1 = monotonicNanoseconds()
                guard written > 0 else { throw Failure(description: "deflate failed") }
                let encoded = try argb.withUnsafeBytes { pixels in
                    try encoder.encode(argb32Premultiplied: pixels, width: width, height: height, stride: width * 4)
                }
                let t2 = monotonicNanoseconds()
                if round == 0 {
                    // Warm-up round; also proves the floor compresses what the encoder compressed.
                    guard encoded == png else { throw Failure(description: "re-encoding a decoded poster changed its bytes") }
                    continue
                }
                deflateTimes.append(t1 - t0)
                encodeTimes.append(t2 - t1)
            }
        }
        return Floor(level: level, deflate: Summary(nanoseconds: deflateTimes), encodeIsolated: Summary(nanoseconds: encodeTimes),
                     scanlineBytes: scanlineBytes)
    }
}

/// `--png-sweep`: every filter strategy with every compressor and useful level on
/// the 32 classic posters, so the encoder's settings are chosen on real renders.
/// It ends with the fastest setting whose median file meets the size target.
enum PNGSweep {
    /// The median-size goal of bench/README.md's targets, in bytes.
    static let sizeTarget = 150_000

    static func run(pngs: [[UInt8]], deflaters: [PNGDeflater], repeats: Int) throws -> String {
        let rasters = try pngs.map(premultipliedRaster)
        var lines = ["| filter | compressor | median CPU ms | p95 CPU ms | median KB | max KB |",
                     "| --- | --- | --- | --- | --- | --- |"]
        var fastestWithinTarget: (setting: String, p50: Double, median: Double)?
        for strategy in PNGFilterStrategy.allCases {
            for deflater in deflaters {
                let encoder = PNGEncoder(deflater: deflater, filterStrategy: strategy)
                var times: [UInt64] = []
                var sizes: [Int] = []
                for raster in rasters {
                    var best = UInt64.max
                    var size = 0
                    for _ in 0..<repeats {
                        // Thread CPU time, min of the repeats: steadier than wall time on a shared machine.
                        let t0 = threadCPUNanoseconds()
                        let png = try raster.pixels.withUnsafeBytes { pixels in
                            try encoder.encode(argb32Premultiplied: pixels, width: raster.width, height: raster.height,
                                               stride: raster.width * 4)
                        }
                        best = min(best, threadCPUNanoseconds() - t0)
                        size = png.count
                    }
                    times.append(best)
                    sizes.append(size)
                }
                let time = Summary(nanoseconds: times)
                let bytes = ByteSummary(sizes)
                let setting = "\(strategy.rawValue), \(deflater)"
                lines.append(String(format: "| %@ | %@ | %.2f | %.2f | %.1f | %.1f |", strategy.rawValue, deflater.description,
                                    time.p50, time.p95, bytes.median / 1000, Double(bytes.max) / 1000))
                log("png-sweep: \(setting): \(String(format: "%.2f", time.p50)) ms, \(Int(bytes.median)) B")
                if bytes.median <= Double(sizeTarget), time.p50 < fastestWithinTarget?.p50 ?? .infinity {
                    fastestWithinTarget = (setting, time.p50, bytes.median)
                }
            }
        }
        lines.append("")
        if let best = fastestWithinTarget {
            lines.append(String(format: "Fastest setting with a median file <= %d KB: %@, %.2f ms p50, %.1f KB median.",
                                sizeTarget / 1000, best.setting, best.p50, best.median / 1000))
        } else {
            lines.append("No setting gives a median file <= \(sizeTarget / 1000) KB.")
        }
        return lines.joined(separator: "\n")
    }

    /// Decodes a poster back to Cairo's premultiplied ARGB32 layout.
    private static func premultipliedRaster(_ png: [UInt8]) throws -> (pixels: [UInt32], width: Int, height: Int) {
        let image = try PNGDecoder().decode(png)
        var argb = [UInt32](repeating: 0, count: image.width * image.height)
        for index in 0..<argb.count {
            let r = UInt32(image.rgba[index * 4]), g = UInt32(image.rgba[index * 4 + 1])
            let b = UInt32(image.rgba[index * 4 + 2]), a = UInt32(image.rgba[index * 4 + 3])
            func premultiply(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
            argb[index] = a << 24 | premultiply(r) << 16 | premultiply(g) << 8 | premultiply(b)
        }
        return (argb, image.width, image.height)
    }
}

/// How much faster this machine runs N independent copies of the same CPU-bound
/// work than one: each thread deflates the same poster's scanlines (its own
/// compressor, no shared state). The engine's own scaling cannot beat this.
enum MachineCeiling {
    static func measure(png: [UInt8], threads: Int, seconds: Double = 1.5) throws -> Double {
        let (zlib, width, height, channels) = try FloorBench.idat(of: png)
        let size = height * (width * channels + 1)
        var scanlines = [UInt8](repeating: 0, count: size)
        guard let codec = DeflateCodec() else { throw FloorBench.Failure(description: "no decompressor") }
        _ = zlib.withUnsafeBytes { input in
            scanlines.withUnsafeMutableBytes { output in codec.inflateZlib(input, into: output) }
        }
        let input = scanlines
        func rate(_ count: Int) -> Double {
            let done = Counter()
            let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
            let t0 = monotonicNanoseconds()
            DispatchQueue.concurrentPerform(iterations: count) { _ in
                guard let compressor = DeflateCodec(compressionLevel: 6) else { return }
                var output = [UInt8](repeating: 0, count: compressor.zlibBound(input.count))
                while monotonicNanoseconds() < deadline {
                    _ = input.withUnsafeBytes { source in
                        output.withUnsafeMutableBytes { out in compressor.deflateZlib(source, into: out) }
                    }
                    _ = done.next(below: .max)
                }
            }
            let elapsed = Double(monotonicNanoseconds() - t0) / 1e9
            return Double(done.next(below: .max) ?? 0) / elapsed
        }
        let one = rate(1)
        let many = rate(threads)
        return many / one
    }
}
