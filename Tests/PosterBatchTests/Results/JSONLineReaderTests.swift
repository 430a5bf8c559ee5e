import Foundation
import Testing
@testable import PosterBatch

@Suite struct JSONLineReaderTests {
    /// Every line a reader gives for `text`, read through a pipe in small writes.
    func lines(_ text: Data, limit: Int) throws -> [JSONLineReader.Line] {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writer = ends[1]
        let feeder = Thread {
            // Small chunks, so lines straddle reads.
            var offset = 0
            while offset < text.count {
                let chunk = text[text.startIndex + offset..<text.startIndex + min(text.count, offset + 7)]
                _ = chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                offset += 7
            }
            close(writer)
        }
        feeder.start()
        defer { close(ends[0]) }
        let reader = JSONLineReader(descriptor: ends[0], limit: limit)
        var found: [JSONLineReader.Line] = []
        while let line = try reader.next() { found.append(line) }
        return found
    }

    @Test func numbersEveryLineAndKeepsALastLineWithoutBreak() throws {
        let found = try lines(Data("{\"a\":1}\r\n\n  \n{\"b\":2}".utf8), limit: 100)
        #expect(found == [.text(number: 1, Data("{\"a\":1}".utf8)), .text(number: 2, Data()),
                          .text(number: 3, Data("  ".utf8)), .text(number: 4, Data("{\"b\":2}".utf8))])
    }

    @Test func aLineOverTheLimitIsReportedAndSkippedNotKept() throws {
        let long = String(repeating: "x", count: 50)
        let found = try lines(Data("ok\n\(long)\n0123456789\n0123456789\r\nend\n".utf8), limit: 10)
        #expect(found == [.text(number: 1, Data("ok".utf8)), .tooLong(number: 2, bytes: 50),
                          .text(number: 3, Data("0123456789".utf8)), .text(number: 4, Data("0123456789".utf8)),
                          .text(number: 5, Data("end".utf8))])
        #expect(try lines(Data("01234567890\n".utf8), limit: 10) == [.tooLong(number: 1, bytes: 11)])
    }

    @Test func anEmptyStreamHasNoLines() throws {
        #expect(try lines(Data(), limit: 10).isEmpty)
        #expect(try lines(Data("\n".utf8), limit: 10) == [.text(number: 1, Data())])
    }
}
