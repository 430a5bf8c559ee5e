// A consumer of NMTI Poster, built by scripts/check-downstream against a tagged release:
// only `import PosterKit` and `import NMTIDomain`, no @testable.
//
//   Downstream <shipped themes folder> <output folder>
import Foundation
import NMTIDomain
import PosterKit

/// `ribbon`: a custom element, a diagonal band of colour across its box.
struct RibbonElement: PosterElement {
    static let typeName = "ribbon"
    static let propertyNames = ["color", "thickness"]

    let color: ColorValue
    let thickness: Double

    init(from reader: ElementReader) {
        color = reader.color("color", default: .black) ?? .literal(.black)
        thickness = reader.number("thickness", default: 4, range: 0.5...100)
    }

    func layout(in slot: LayoutSlot, context: LayoutContext) throws(RenderError) -> ElementLayout {
        let height = slot.height ?? slot.width
        let box = Rect(x: slot.origin.x, y: slot.origin.y, width: slot.width, height: height)
        let paint = Paint.solid(context.color(color))
        return ElementLayout(size: Size(width: box.width, height: height), items: [
            .shape(.rect(box, cornerRadius: 0), fill: nil, stroke: Stroke(paint: paint, width: 1), shadow: nil),
            .shape(.line(from: Point(x: box.minX, y: box.maxY), to: Point(x: box.maxX, y: box.minY)),
                   fill: nil, stroke: Stroke(paint: paint, width: thickness), shadow: nil),
        ])
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Downstream: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: Downstream <themes folder> <output folder>") }
let output = URL(fileURLWithPath: arguments[2])
let result = QuizResult(scores: DimensionScores(c: 6, s: -4, e: 2, a: 8), pack: .workplace)

do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let renderer = try PosterRenderer()

    // A shipped theme, from the dependency's own Themes folder.
    let shipped = ThemeStore(directory: URL(fileURLWithPath: arguments[1]))
    let classic = try shipped.theme("classic")
    let poster = try renderer.render(result, theme: classic)
    try Data(poster.bytes).write(to: output.appendingPathComponent("classic.png"), options: .atomic)
    guard poster.width == 750, poster.height == 1334 else { fail("classic is \(poster.width)x\(poster.height), not 750x1334") }

    // A theme of our own that uses our own element type.
    var registry = ElementRegistry.standard
    registry.register(RibbonElement.self)
    let folder = output.appendingPathComponent("ribbon-theme")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try """
        { name: "ribbon", canvas: { width: 120, height: 120, background: "#FFFFFF" },
          elements: [ { type: "ribbon", x: 10, y: 10, width: 100, height: 100, color: "{accent}", thickness: 12 } ],
          variables: { accent: { default: "#FF5A36", byPack: { student: "#3366FF" } } } }
        """.write(to: folder.appendingPathComponent("theme.json5"), atomically: true, encoding: .utf8)
    do {
        _ = try ThemeStore(directory: output).theme("ribbon-theme")
        fail("a theme using 'ribbon' loaded without the element registered")
    } catch {
        guard "\(error)".contains("unknown element type 'ribbon'") else { fail("unexpected error: \(error)") }
    }
    let ribbon = try ThemeStore(directory: output, registry: registry).theme("ribbon-theme")
    // The staged call, as a server would use it: the poster and its layout in one run.
    let output2 = try renderer.run(RenderRequest(result, theme: ribbon, extras: .layoutDump))
    guard let custom = output2.poster, output2.layoutDump?.elements.count == 1 else { fail("the ribbon run gave no poster or no layout") }
    try Data(custom.bytes).write(to: output.appendingPathComponent("ribbon.png"), options: .atomic)
    guard custom.width == 240, custom.height == 240 else { fail("ribbon is \(custom.width)x\(custom.height), not 240x240") }
    print("Downstream: rendered classic.png (\(poster.png.count) bytes) and ribbon.png (\(custom.png.count) bytes)")
} catch {
    fail("\(error)")
}
