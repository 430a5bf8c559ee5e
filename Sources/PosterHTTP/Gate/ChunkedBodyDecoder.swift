/// Decodes a chunked request body as it arrives (RFC 9112 §7.1), strictly: hex
/// sizes without signs or spaces, extensions of visible characters only, CRLF line
/// endings, trailer lines that are well-formed header lines. It hands back the data
/// re-framed as canonical chunks (no extensions, no trailers) for libmicrohttpd.
struct ChunkedBodyDecoder {
    private enum Phase {
        /// Reading a chunk-size line; `digits` so far, `inExtension` after a `;`.
        case size(digits: Int, value: Int, inExtension: Bool, sawSpace: Bool)
        /// Reading chunk data.
        case data(remaining: Int)
        /// Expecting the CRLF after a chunk's data (`sawCR` once the CR is in).
        case dataEnd(sawCR: Bool)
        /// Reading trailer lines after the last chunk; `lineLength` of the current one.
        case trailer(line: [UInt8])
        case done
    }

    /// What one piece of input amounted to.
    enum Step: Equatable {
        /// All of it consumed; pass on `output` and wait for more.
        case more(output: [UInt8])
        /// The body ended after `consumed` bytes of the input; pass on `output` (ending with the last chunk).
        case finished(output: [UInt8], consumed: Int)
        /// Refused.
        case violation(HTTPRequestViolation)
    }

    let maximumBodyBytes: Int
    let maximumTrailerBytes: Int
    private var phase = Phase.size(digits: 0, value: 0, inExtension: false, sawSpace: false)
    private var sawCR = false
    private var decoded = 0
    private var trailerBytes = 0
    private var trailerLines = 0

    init(maximumBodyBytes: Int, maximumTrailerBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumTrailerBytes = maximumTrailerBytes
    }

    /// Consumes `input` (stopping at the end of the body).
    mutating func feed(_ input: ArraySlice<UInt8>) -> Step {
        var output: [UInt8] = []
        var index = input.startIndex
        while index < input.endIndex {
            let byte = input[index]
            switch phase {
            case .size(let digits, let value, let inExtension, let sawSpace):
                if sawCR {
                    guard byte == 0x0A, digits > 0 else { return .violation(.badChunk) }
                    sawCR = false
                    if value == 0 {
                        phase = .trailer(line: [])
                    } else {
                        phase = .data(remaining: value)
                    }
                } else if byte == 0x0D {
                    sawCR = true
                } else if inExtension {
                    // ext-name, "=", ext-val (tokens or quoted strings): visible characters, spaces and tabs.
                    guard byte == 0x09 || (byte >= 0x20 && byte != 0x7F) else { return .violation(.badChunk) }
                } else if byte == UInt8(ascii: ";") {
                    guard digits > 0 else { return .violation(.badChunk) }
                    phase = .size(digits: digits, value: value, inExtension: true, sawSpace: false)
                } else if byte == 0x20 || byte == 0x09 {
                    // Whitespace only before an extension (BWS): "5 ;a" yes, "5 5" no.
                    guard digits > 0 else { return .violation(.badChunk) }
                    phase = .size(digits: digits, value: value, inExtension: false, sawSpace: true)
                } else if let digit = Self.hexValue(byte), !sawSpace {
                    let next = value * 16 + digit
                    // Sizes past the body limit are refused before they could overflow.
                    guard decoded + next <= maximumBodyBytes else { return .violation(.bodyTooLarge(limit: maximumBodyBytes)) }
                    phase = .size(digits: digits + 1, value: next, inExtension: false, sawSpace: false)
                } else {
                    return .violation(.badChunk)
                }
                index += 1
            case .data(let remaining):
                let take = min(remaining, input.endIndex - index)
                output += "\(String(take, radix: 16))\r\n".utf8
                output += input[index..<(index + take)]
                output += [0x0D, 0x0A]
                decoded += take
                index += take
                phase = take == remaining ? .dataEnd(sawCR: false) : .data(remaining: remaining - take)
            case .dataEnd(let sawCR):
                guard byte == (sawCR ? 0x0A : 0x0D) else { return .violation(.badChunk) }
                phase = sawCR ? .size(digits: 0, value: 0, inExtension: false, sawSpace: false) : .dataEnd(sawCR: true)
                index += 1
            case .trailer(var line):
                index += 1
                if line.last == 0x0D {
                    guard byte == 0x0A else { return .violation(.badChunk) }
                    line.removeLast()
                    if line.isEmpty {
                        phase = .done
                        output += "0\r\n\r\n".utf8
                        return .finished(output: output, consumed: index - input.startIndex)
                    }
                    trailerLines += 1
                    guard trailerLines <= HTTPHeadParser.maximumFields else { return .violation(.headersTooLarge(limit: maximumTrailerBytes)) }
                    if case .failure = HTTPRequestHead.Field.parse(line[...]) { return .violation(.badChunk) }
                    phase = .trailer(line: [])
                } else {
                    guard byte != 0x0A else { return .violation(.badChunk) }
                    trailerBytes += 1
                    guard trailerBytes <= maximumTrailerBytes else { return .violation(.headersTooLarge(limit: maximumTrailerBytes)) }
                    line.append(byte)
                    phase = .trailer(line: line)
                }
            case .done:
                return .finished(output: output, consumed: index - input.startIndex)
            }
        }
        return .more(output: output)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
