import PosterDisplay
import Testing
@testable import PosterGraphics

@Suite struct EmojiTests {
    /// The inked rows and columns of a region: pixels that differ from the white background.
    func inkBounds(_ raster: Raster, columns: Range<Int>) -> (top: Int, bottom: Int)? {
        var top: Int?
        var bottom = 0
        for y in 0..<raster.height {
            for x in columns {
                let pixel = raster.rgba(x: x, y: y)
                if Int(pixel.r) + Int(pixel.g) + Int(pixel.b) < 600 {
                    top = top ?? y
                    bottom = y
                    break
                }
            }
        }
        return top.map { ($0, bottom) }
    }

    @Test(arguments: [12.0, 20.0, 40.0])
    func emojiIsDrawnAtTheSizeOfTheSurroundingText(size: Double) throws {
        let shaper = try TextShaper(library: FontLibrary.standard())
        let style = TextStyle(family: "Noto Sans CJK SC", size: size)
        let han = shaper.shape("国", style: style, width: nil)
        let both = shaper.layOut("国😂", style: style, width: nil)
        let canvas = PosterCanvas()
        let item = DisplayItem.text(both, origin: Point(x: 4, y: 4), color: .black, stroke: nil, shadow: nil)
        let hanEnd = Int(((4 + han.size.width) * 2).rounded())
        let width = Int(((8 + both.size.width) * 2).rounded())
        do {
            let raster = try canvas.draw([item], size: Size(width: 8 + both.size.width, height: 8 + both.size.height), background: .white)
            let hanInk = try #require(inkBounds(raster, columns: 0..<hanEnd))
            let emojiInk = try #require(inkBounds(raster, columns: hanEnd..<width))
            let hanHeight = Double(hanInk.bottom - hanInk.top)
            let emojiHeight = Double(emojiInk.bottom - emojiInk.top)
            #expect(emojiHeight > hanHeight * 0.8 && emojiHeight < hanHeight * 1.35,
                    "emoji \(emojiHeight) px vs text \(hanHeight) px at \(size) pt")
            // And it sits on the same line, not far below or above.
            #expect(abs(emojiInk.top - hanInk.top) < Int(size))
        }
        // Colour survives: some pixel of the emoji is clearly not grey.
        do {
            let raster = try canvas.draw([item], size: Size(width: 8 + both.size.width, height: 8 + both.size.height), background: .white)
            var colourful = false
            for y in 0..<raster.height {
                for x in hanEnd..<width {
                    let p = raster.rgba(x: x, y: y)
                    if abs(Int(p.r) - Int(p.b)) > 80 { colourful = true }
                }
            }
            #expect(colourful)
        }
    }
}
