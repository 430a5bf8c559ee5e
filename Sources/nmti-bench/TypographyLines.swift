import PosterGraphics
import Foundation
import PosterDisplay

/// `nmti-bench --typography-lines`: the engine's line breaks for the typography
/// comparison harness (bench/typography/compare.py).
///
/// Reads `{ font, size, align, paragraphs: [String], widths: [Double] }` on
/// standard input (optional: `autospace`, default false) and prints `[{ paragraph, width, lines: [String], widths: [Double] }]`:
/// every paragraph laid out at every width, unlimited lines, as a text element
/// with that style would be. Optional: `keepWords` (default true) and
/// `wordStarts` (for each paragraph, whether a word starts at each character:
/// other word boundaries than ICU's, to measure another segmenter).
enum TypographyLines {
    struct Request: Decodable {
        var font: String
        var size: Double
        var align: String
        var paragraphs: [String]
        var widths: [Double]
        var keepWords: Bool?
        var autospace: Bool?
        var wordStarts: [[Bool]]?
    }

    struct Layout: Encodable {
        var paragraph: Int
        var width: Double
        var lines: [String]
        var lineCount: Int
        var widestLine: Double
    }

    static func run() throws {
        let request = try JSONDecoder().decode(Request.self, from: FileHandle.standardInput.readDataToEndOfFile())
        let shaper = try TextShaper(library: FontLibrary.standard())
        let style = TextStyle(family: request.font, size: request.size,
                              alignment: TextAlignment(rawValue: request.align) ?? .justify,
                              autospace: request.autospace ?? false, keepsWords: request.keepWords ?? true)
        if let starts = request.wordStarts {
            var byText: [[Character]: [Bool]] = [:]
            for (paragraph, wordStarts) in zip(request.paragraphs, starts) { byText[Array(paragraph)] = wordStarts }
            shaper.wordStartsOverride = { characters in
                byText[characters].flatMap { $0.count == characters.count ? $0 : nil }
                    ?? [Bool](repeating: true, count: characters.count)
            }
        }
        var layouts: [Layout] = []
        for (index, paragraph) in request.paragraphs.enumerated() {
            for width in request.widths {
                let shaped = shaper.shape(paragraph, style: style, width: width)
                layouts.append(Layout(paragraph: index, width: width, lines: shaped.lineTexts,
                                      lineCount: shaped.lineCount, widestLine: shaped.size.width))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        FileHandle.standardOutput.write(try encoder.encode(layouts))
    }
}
