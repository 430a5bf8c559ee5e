import Foundation
import PosterDisplay
import Testing
@testable import PosterGraphics

/// Shapers made and freed on many threads at once, as renderers' workers are in a
/// service and in tests: their Pango font maps share one fontconfig configuration.
@Suite struct ShaperLifecycleTests {
    @Test func shapersMadeAndFreedOnManyThreadsAtOnce() throws {
        let library = try FontLibrary.standard()
        let style = TextStyle(family: "Noto Sans CJK SC", size: 14)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            guard let shaper = try? TextShaper(library: library) else { return }
            let text = shaper.layOut("第\(index)张海报：六边形悍匪", style: style, width: 200)
            #expect(text.lineCount == 1)
        }
    }
}
