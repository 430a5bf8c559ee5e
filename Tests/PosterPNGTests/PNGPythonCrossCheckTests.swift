import Foundation
import PosterDisplay
import Testing
@testable import PosterPNG

/// Cross-checks against an independent PNG implementation: a small Python
/// reader/writer on Python's own zlib. Skipped when `python3` is unavailable.
@Suite("PNG cross-check with Python", .enabled(if: PythonPNG.isAvailable))
struct PNGPythonCrossCheckTests {
    @Test("Python decodes our output to the expected pixels, for every strategy",
          arguments: PNGFilterStrategy.allCases)
    func pythonReadsOurPNGs(strategy: PNGFilterStrategy) throws {
        let encoder = PNGEncoder(compressionLevel: 9, filterStrategy: strategy)
        for image in [PNGTestImage.sampleOpaque(width: 150, height: 40), PNGTestImage.sampleTranslucent(width: 90, height: 50)] {
            let result = try PythonPNG.decode(try image.encode(encoder))
            #expect(result.header == "\(image.width) \(image.height) IHDR,IDAT,IEND")
            #expect(result.rgba == image.expectedRGBA)
        }
    }

    @Test("we decode Python-written PNGs of every colour type, cycling all filter types")
    func weReadPythonPNGs() throws {
        let cases = try PythonPNG.generate()
        #expect(cases.count == 7)
        for (name, png, expected) in cases {
            let decoded = try PNGDecoder().decode(png)
            #expect(decoded.rgba == expected, "case \(name)")
        }
    }
}

/// Runs the Python oracle in a temporary directory.
enum PythonPNG {
    static let isAvailable: Bool = (try? run(["-c", "import zlib"]).status) == 0

    struct Decoded { let header: String; let rgba: [UInt8] }

    static func decode(_ png: [UInt8]) throws -> Decoded {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.png"), output = dir.appendingPathComponent("out.rgba")
        try Data(png).write(to: input)
        let result = try run(["-c", script, "decode", input.path, output.path])
        guard result.status == 0 else { throw OracleError.failed(result.output) }
        return Decoded(header: result.output.trimmingCharacters(in: .whitespacesAndNewlines),
                       rgba: [UInt8](try Data(contentsOf: output)))
    }

    /// Python writes `<name>.png` and `<name>.rgba` (expected pixels) per case.
    static func generate() throws -> [(String, [UInt8], [UInt8])] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try run(["-c", script, "generate", dir.path])
        guard result.status == 0 else { throw OracleError.failed(result.output) }
        return try result.output.split(separator: "\n").map { name in
            let base = dir.appendingPathComponent(String(name))
            return (String(name), [UInt8](try Data(contentsOf: base.appendingPathExtension("png"))),
                    [UInt8](try Data(contentsOf: base.appendingPathExtension("rgba"))))
        }
    }

    enum OracleError: Error { case failed(String) }

    private static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pngtest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private static let script = #"""
import struct, sys, zlib

def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

def predict(ft, a, b, c):
    return [0, a, b, (a + b) // 2, paeth(a, b, c)][ft]

def decode(data):
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    pos, idat, types = 8, b'', []
    while True:
        n, = struct.unpack('>I', data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        assert zlib.crc32(kind + body) == struct.unpack('>I', data[pos + 8 + n:pos + 12 + n])[0]
        types.append(kind.decode())
        if kind == b'IHDR': w, h, depth, ct, _, _, lace = struct.unpack('>IIBBBBB', body)
        if kind == b'IDAT': idat += body
        pos += 12 + n
        if kind == b'IEND': break
    assert pos == len(data) and depth == 8 and ct in (2, 6) and lace == 0
    ch = 3 if ct == 2 else 4
    raw, stride, out = zlib.decompress(idat), w * ch, bytearray()
    assert len(raw) == h * (stride + 1)
    prev = bytearray(stride)
    for y in range(h):
        ft, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a, c = (line[i - ch], prev[i - ch]) if i >= ch else (0, 0)
            line[i] = (line[i] + predict(ft, a, prev[i], c)) & 255
        for x in range(w):
            out += line[x * ch:(x + 1) * ch] + (b'' if ch == 4 else b'\xff')
        prev = line
    return '%d %d %s' % (w, h, ','.join(types)), bytes(out)

def chunk(kind, body):
    return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))

def encode(w, h, depth, ct, rows, extra=b''):
    bpp = max(1, {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ct] * depth // 8)
    raw, prev = bytearray(), bytearray(len(rows[0]))
    for y, row in enumerate(rows):
        ft = y % 5
        raw.append(ft)
        for i in range(len(row)):
            a, c = (row[i - bpp], prev[i - bpp]) if i >= bpp else (0, 0)
            raw.append((row[i] - predict(ft, a, prev[i], c)) & 255)
        prev = row
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, depth, ct, 0, 0, 0))
            + extra + chunk(b'IDAT', zlib.compress(bytes(raw), 9)) + chunk(b'IEND', b''))

def generate(directory):
    w, h = 23, 17
    v = lambda x, y, k: (x * 37 + y * 11 + k * 71 + (x * y) % 13) & 255
    pal = bytes(v(i, 3, k) for i in range(40) for k in range(3))
    cases = {
        'rgba8': (8, 6, lambda x, y: [v(x, y, k) for k in range(4)], lambda x, y: [v(x, y, k) for k in range(4)]),
        'rgb8': (8, 2, lambda x, y: [v(x, y, k) for k in range(3)], lambda x, y: [v(x, y, k) for k in range(3)] + [255]),
        'grey8': (8, 0, lambda x, y: [v(x, y, 0)], lambda x, y: [v(x, y, 0)] * 3 + [255]),
        'greyalpha8': (8, 4, lambda x, y: [v(x, y, 0), v(x, y, 1)], lambda x, y: [v(x, y, 0)] * 3 + [v(x, y, 1)]),
        'rgb16': (16, 2, lambda x, y: [v(x, y, k // 2 + 3 * (k % 2)) for k in range(6)],
                  lambda x, y: [v(x, y, k) for k in range(3)] + [255]),
        'rgba16': (16, 6, lambda x, y: [v(x, y, k // 2 + 4 * (k % 2)) for k in range(8)],
                   lambda x, y: [v(x, y, k) for k in range(4)]),
        'palette8': (8, 3, lambda x, y: [(x + y) % 40], lambda x, y: list(pal[(x + y) % 40 * 3:(x + y) % 40 * 3 + 3])
                     + [(x + y) % 40 * 5 if (x + y) % 40 < 10 else 255]),
    }
    for name, (depth, ct, sample, expect) in cases.items():
        rows = [bytearray(b for x in range(w) for b in sample(x, y)) for y in range(h)]
        extra = chunk(b'PLTE', pal) + chunk(b'tRNS', bytes(i * 5 for i in range(10))) if ct == 3 else b''
        open('%s/%s.png' % (directory, name), 'wb').write(encode(w, h, depth, ct, rows, extra))
        open('%s/%s.rgba' % (directory, name), 'wb').write(bytes(b for y in range(h) for x in range(w) for b in expect(x, y)))
        print(name)

if sys.argv[1] == 'decode':
    header, rgba = decode(open(sys.argv[2], 'rb').read())
    open(sys.argv[3], 'wb').write(rgba)
    print(header)
else:
    generate(sys.argv[2])
"""#
}
