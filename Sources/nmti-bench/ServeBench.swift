import PosterGraphics
import Dispatch
import Foundation
import NMTIDomain
import PosterKit
import Synchronization
import PosterHashing

/// The in-process figures `bench/serve/run.sh` sets the HTTP service against.
enum ServeBench {
    /// Posters per second from one shared `PosterRenderer` on `threads` threads for
    /// `seconds`, each poster a result with a unique nickname (what a cache miss costs
    /// the service, minus HTTP), after one warm-up poster per thread. Prints one JSON line.
    /// `layoutCache` off lays every text out afresh (`--no-layout-cache`).
    static func rendererThroughput(
        themes: URL, theme name: String, threads: Int, seconds: Double, compression: PosterCompression, layoutCache: Bool
    ) throws {
        let theme = try Theme.load(from: themes.appendingPathComponent(name))
        let renderer = PosterRenderer(fonts: try PosterFonts.library(), encoder: PNG(compression: compression),
                                      layoutCache: layoutCache ? LayoutCache.defaultCapacity : 0)
        let counter = Atomic<Int>(0)
        let group = DispatchGroup()
        let start = Mutex<UInt64>(0)
        let warmed = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        for thread in 0..<threads {
            group.enter()
            Thread {
                _ = try? renderer.render(result(thread * 1_000_000), theme: theme)
                warmed.signal()
                go.wait()
                let deadline = start.withLock { $0 } + UInt64(seconds * 1e9)
                var index = thread * 1_000_000 + 1
                while DispatchTime.now().uptimeNanoseconds < deadline {
                    _ = try? renderer.render(result(index), theme: theme)
                    counter.add(1, ordering: .relaxed)
                    index += 1
                }
                group.leave()
            }.start()
        }
        for _ in 0..<threads { warmed.wait() }
        start.withLock { $0 = DispatchTime.now().uptimeNanoseconds }
        for _ in 0..<threads { go.signal() }
        group.wait()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.withLock { $0 }) / 1e9
        let count = counter.load(ordering: .relaxed)
        print("{\"mode\":\"renderer-throughput\",\"theme\":\"\(name)\",\"threads\":\(threads),\"layoutCache\":\(layoutCache),\"posters\":\(count),\"seconds\":\(elapsed),\"postersPerSecond\":\(Double(count) / elapsed)}")
    }

    /// The result the load test's nickname `u<index>` stands for (c=6&s=-3&e=2&a=-5).
    static func result(_ index: Int) -> QuizResult {
        QuizResult(scores: DimensionScores(c: 6, s: -3, e: 2, a: -5), nickname: "u\(index)")
    }

    /// Median milliseconds of one SHA-256 over a file's bytes (libcrypto, as manifests use it).
    static func sha256(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        var samples: [Double] = []
        var sink: UInt8 = 0
        for _ in 0..<15 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<50 { sink ^= SHA256.digest(bytes)[0] }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 50 / 1e6)
        }
        samples.sort()
        print("{\"mode\":\"sha256\",\"bytes\":\(bytes.count),\"medianMs\":\(samples[samples.count / 2]),\"sink\":\(sink)}")
    }
}
