import Foundation
import PosterDisplay
import Testing
@testable import PosterGraphics

@Suite struct PangoHelperThreadsTests {
    /// Each new text size is a new font pattern for Pango 1.50, which used to start two
    /// threads for it. Shaping at twelve sizes no one has used runs every match on the
    /// calling thread and every sort on the one helper thread of the process.
    @Test func newSizesStartNoThreadPerPattern() throws {
        try #require(PangoHelperThreads.areTakenOver, "this Debian's Pango is 1.50; another version keeps Pango's own threads")
        let shaper = try TextShaper(library: FontLibrary.standard(), layoutCapacity: 0)
        let before = PangoHelperThreads.now
        // Sizes in hundredths of a point that no other test uses: each is a new pattern.
        let sizes = (0..<12).map { 31.17 + Double($0) * 0.01 }
        for size in sizes {
            let shaped = shaper.shape("海报 Poster", style: TextStyle(family: "Noto Sans CJK SC", size: size), width: nil)
            #expect(shaped.size.width > 0)
        }
        let after = PangoHelperThreads.now
        #expect(after.matchesInline - before.matchesInline >= UInt64(sizes.count))
        #expect((after.sortsQueued + after.sortsInline) - (before.sortsQueued + before.sortsInline) >= UInt64(sizes.count))
        #expect(after.helpersStarted <= 1)
    }

    /// A text that needs a fallback font (the emoji comes from the second font of the
    /// list) waits for the sort the helper thread does, and still gets it.
    @Test func fallbackFontsComeFromTheHelpersSort() throws {
        let shaper = try TextShaper(library: FontLibrary.standard(), layoutCapacity: 0)
        let style = TextStyle(family: "Noto Sans CJK SC", size: 27.93)
        let han = shaper.shape("国", style: style, width: nil)
        let both = shaper.shape("国😂", style: style, width: nil)
        #expect(both.size.width > han.size.width * 1.5)
    }
}
