import Foundation
import PosterDisplay
import Testing
@testable import PosterGraphics

/// The SVG check reads a document the way librsvg 2.54 does: gzip undone (and the
/// decompressed bytes returned for librsvg), any encoding libxml2 decodes checked
/// after decoding, every attribute in any namespace. Each test is one of the
/// differentials that got past the old byte scanner.
@Suite struct SVGSafetyReadingTests {
    static let morphology = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><filter id='m'><feMorphology radius='3000'/></filter><rect width='10' height='10' filter='url(#m)'/></svg>"
    static let plain = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='5' height='5'/></svg>"

    func rejection(_ bytes: [UInt8]) -> SVGSafety.Rejection? {
        do {
            try SVGSafety.check(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A gzip member of stored blocks (as `gzip -0` would write), so the test needs no compressor.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var start = 0
        repeat {
            let end = min(bytes.count, start + 65_535)
            let length = UInt16(end - start)
            out += [end == bytes.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += bytes[start..<end]
            start = end
        } while start < bytes.count
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        for value in [~crc, UInt32(bytes.count)] { out += (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        return out
    }

    @Test func gzipIsCheckedAfterDecompressionAndHandedOnDecompressed() throws {
        #expect(rejection(Self.gzip(Array(Self.morphology.utf8)))?.reason.contains("feMorphology") == true)
        let checked = try SVGSafety.check(Self.gzip(Array(Self.plain.utf8)))
        #expect(checked == Array(Self.plain.utf8))
        #expect(try SVGSafety.check(Array(Self.plain.utf8)) == Array(Self.plain.utf8))
    }

    @Test func gzipThatCannotBeCheckedIsRefused() {
        let member = Self.gzip(Array(Self.plain.utf8))
        #expect(rejection(member + [0x20])?.reason.contains("follow the gzip-compressed document") == true)
        #expect(rejection(member + member)?.reason.contains("follow the gzip-compressed document") == true)
        #expect(rejection(Self.gzip(member))?.reason.contains("compressed twice") == true)
        #expect(rejection(Array(member.dropLast(3)))?.kind == .malformed)
        let bomb = Array(("<svg xmlns='http://www.w3.org/2000/svg'><!--" + String(repeating: " ", count: SVGSafety.maximumDecompressedBytes) + "--></svg>").utf8)
        #expect(rejection(Self.gzip(bomb))?.reason.contains("decompresses to more than \(SVGSafety.maximumDecompressedBytes) bytes") == true)
    }

    /// librsvg undoes only gzip: zlib-wrapped data reaches libxml2 as it is, so it is not taken for an SVG.
    @Test func onlyGzipIsTakenForCompressedSVG() {
        #expect(ImageAsset.looksLikeSVG(Data(Self.gzip(Array(Self.plain.utf8)))))
        #expect(ImageAsset.looksLikeSVG(Data(littleEndian(Self.plain))))  // UTF-16 without a byte-order mark
        #expect(!ImageAsset.looksLikeSVG(Data([0x78, 0x9C, 0x4B, 0x4C, 0x4A, 0x06, 0x00])))
        do {
            _ = try ImageAsset.decode(Data([0x78, 0x9C, 0x4B, 0x4C, 0x4A, 0x06, 0x00]), name: "a.svgz")
            Issue.record("zlib data was accepted")
        } catch {
            #expect(error.message == "a.svgz: not a PNG or SVG file")
        }
    }

    @Test func gzipFixtureMadeByGzipIsRead() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Fixtures/bad-themes/svg-gzip-convolve/assets/a.svg"))
        #expect(data.starts(with: [0x1F, 0x8B]))
        #expect(rejection([UInt8](data))?.reason.contains("<feConvolveMatrix> order") == true)
    }

    func littleEndian(_ text: String) -> [UInt8] {
        text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    }

    @Test func otherEncodingsAreCheckedAsLibxml2DecodesThem() {
        let utf16LE = [0xFF, 0xFE] + littleEndian("<?xml version='1.0' encoding='UTF-16'?>" + Self.morphology)
        let utf16BE: [UInt8] = [0xFE, 0xFF] + Self.morphology.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(rejection(utf16LE)?.reason.contains("feMorphology") == true)
        #expect(rejection(utf16BE)?.reason.contains("feMorphology") == true)
        // ISO-8859-1: the href is read as libxml2 decodes it, and the two ids stay distinct.
        let latin1 = "<?xml version='1.0' encoding='ISO-8859-1'?><svg xmlns='http://www.w3.org/2000/svg'><image href='\u{E9}t\u{E9}.png'/></svg>"
        #expect(rejection(latin1.unicodeScalars.map { UInt8($0.value) })?.reason.contains("'\u{E9}t\u{E9}.png' outside the document") == true)
        var filtered = "<?xml version='1.0' encoding='ISO-8859-1'?><svg xmlns='http://www.w3.org/2000/svg'><filter id='b'><feGaussianBlur/></filter>"
        filtered += "<rect id='r\u{E8}'/><rect id='r\u{E9}' filter='url(#b)'/>" + String(repeating: "<use href='#r\u{E9}'/>", count: 70) + "</svg>"
        #expect(rejection(filtered.unicodeScalars.map { UInt8($0.value) })?.reason.contains("offscreen surface") == true)
        let plainUTF16 = [0xFF, 0xFE] + littleEndian(Self.plain)
        #expect(rejection(plainUTF16) == nil)
    }

    @Test func everyNamespaceIsChecked() {
        let head = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:x='urn:x' xmlns:xlink='http://www.w3.org/1999/xlink'>"
        func reason(_ body: String) -> String? { rejection(Array((head + body + "</svg>").utf8))?.reason }
        #expect(reason("<filter id='c'><feConvolveMatrix order='300' x:order='3' kernelMatrix='1 1 1 1 1 1 1 1 1'/></filter>")?.contains("order must be") == true)
        #expect(reason("<filter id='c'><feConvolveMatrix x:order='300' order='3' kernelMatrix='1 1 1 1 1 1 1 1 1'/></filter>")?.contains("order must be") == true)
        #expect(reason("<filter id='t'><feTurbulence numOctaves='2' x:numOctaves='100000'/></filter>")?.contains("numOctaves") == true)
        #expect(reason("<filter id='t'><feTurbulence numOctaves='1e9x'/></filter>")?.contains("numOctaves") == true)
        #expect(reason("<use xlink:href='#a' href='other.svg#a'/>")?.contains("'other.svg#a' outside") == true)
        #expect(reason("<use href='#a' xlink:href='other.svg#a'/>")?.contains("xlink:href refers to 'other.svg#a'") == true)
        #expect(reason("<use href='#a' x:href='file:///etc/passwd'/>")?.contains("outside the document") == true)
        // Two prefixes for one namespace are the same attribute twice: libxml2 says the document is not well-formed.
        let duplicate = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:a='urn:x' xmlns:b='urn:x'><rect a:id='1' b:id='2'/></svg>"
        #expect(rejection(Array(duplicate.utf8))?.kind == .malformed)
    }

    @Test func hrefAndXlinkHrefBothCountForExpansion() {
        var defs = "<rect id='l0'/>"
        for level in 1...6 {
            defs += "<g id='l\(level)'>" + String(repeating: "<use href='#l\(level - 1)' xlink:href='#l0'/>", count: 10) + "</g>"
        }
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'><defs>\(defs)</defs><use xlink:href='#l0' href='#l6'/></svg>"
        #expect(rejection(Array(svg.utf8))?.reason.contains("expand to more than") == true)
    }

    @Test func malformedAndUnsafeAreDifferentKinds() {
        #expect(rejection(Array("<svg xmlns='http://www.w3.org/2000/svg'><rect></svg>".utf8))?.kind == .malformed)
        #expect(rejection(Array("<svg xmlns='http://www.w3.org/2000/svg'><rect></svg>".utf8))?.reason.hasPrefix("XML parse error: line 1: ") == true)
        #expect(rejection(Array(Self.morphology.utf8))?.kind == .unsafe)
        #expect(rejection([])?.kind == .malformed)
    }
}
