import Testing
@testable import PosterHTTP

/// The gate's strict reading of requests: what it passes to libmicrohttpd (canonical
/// heads and bodies) and what it refuses, fed whole and one byte at a time.
@Suite struct HTTPRequestStreamTests {
    static let limits: HTTPServerConfiguration = {
        var limits = HTTPServerConfiguration()
        limits.maximumBodyBytes = 100
        limits.maximumTargetBytes = 64
        limits.maximumHeaderBytes = 256
        return limits
    }()

    static let marker = HTTPGateMarker()

    /// Feeds `text` whole, then one byte at a time; both must agree (on the bytes too,
    /// unless a chunked body is re-framed, whose chunks follow the pieces it came in).
    static func consume(_ text: String) -> HTTPRequestStream.Consumed {
        var whole = HTTPRequestStream(limits: limits, marker: marker)
        let once = whole.consume(ArraySlice(text.utf8))
        var bytewise = HTTPRequestStream(limits: limits, marker: marker)
        var trickled = HTTPRequestStream.Consumed()
        for byte in text.utf8 {
            let step = bytewise.consume([byte][...])
            trickled.forward += step.forward
            if step.violation != nil, trickled.violation == nil {
                trickled.violation = step.violation
                trickled.line = step.line
            }
        }
        #expect(once.violation == trickled.violation && once.line == trickled.line, "whole and byte-by-byte readings differ for \(text.debugDescription)")
        if !text.lowercased().contains("chunked") {
            // elementsEqual, not ==: a failing == on byte arrays makes the test library diff them, slowly.
            #expect(once.forward.elementsEqual(trickled.forward), "whole and byte-by-byte bytes differ for \(text.debugDescription)")
        } else if once.violation == nil {
            #expect(dechunk(String(decoding: once.forward, as: UTF8.self)) == dechunk(String(decoding: trickled.forward, as: UTF8.self)))
        }
        return once
    }

    static func text(_ consumed: HTTPRequestStream.Consumed) -> String { String(decoding: consumed.forward, as: UTF8.self) }

    @Test func aPlainRequestPassesInCanonicalForm() {
        let consumed = Self.consume("\r\nGET /healthz HTTP/1.1\r\nhost:  example.com \r\nAccept: */*\r\n\r\n")
        #expect(consumed.violation == nil)
        #expect(Self.text(consumed) == "GET /healthz HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n")
    }

    @Test func pipelinedRequestsWithBodiesAreCutWhereTheirLengthsSay() {
        let consumed = Self.consume(
            "POST /v1/render HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(consumed.violation == nil)
        #expect(Self.text(consumed) == "POST /v1/render HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
    }

    @Test func chunkedBodiesAreReframedWithoutExtensionsOrTrailers() {
        let consumed = Self.consume(
            "POST /v1/render HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n3;x=\"y\"\r\nabc\r\n2 ;z\r\nde\r\n0\r\nX-Trailer: t\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(consumed.violation == nil)
        let forwarded = Self.text(consumed)
        #expect(forwarded.hasPrefix("POST /v1/render HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"))
        #expect(forwarded.hasSuffix("0\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"))
        // Re-chunked pieces decode to the same body, whatever sizes they came in.
        #expect(Self.dechunk(forwarded) == "abcde")
    }

    @Test func anAbsoluteTargetBecomesAPathAndItsAuthorityTheHost() {
        let consumed = Self.consume("GET http://nmti.example:8080/i?v=1.2.3.4 HTTP/1.1\r\nHost: NMTI.example:8080\r\n\r\n")
        #expect(Self.text(consumed) == "GET /i HTTP/1.1\r\nX-NMTI-Query: v=1.2.3.4\r\nHost: nmti.example:8080\r\n\r\n")
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n", HTTPRequestViolation.badContentLength(.repeated)),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n", .badContentLength(.repeated)),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n", .conflictingFraming),
        ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .conflictingFraming),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", .badContentLength(.malformed)),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +10\r\n\r\n", .badContentLength(.malformed)),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1e3\r\n\r\n", .badContentLength(.malformed)),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x10\r\n\r\n", .badContentLength(.malformed)),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\n", .badContentLength(.malformed)),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \r\n\r\n", .badContentLength(.malformed)),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 18446744073709551616\r\n\r\n", .bodyTooLarge(limit: 100)),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 101\r\n\r\n", .bodyTooLarge(limit: 100)),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedTransferCoding),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: identity\r\n\r\n", .unsupportedTransferCoding),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", .unsupportedTransferCoding),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chu\u{01}nked\r\n\r\n", .badHeaderField(name: "Transfer-Encoding")),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badHost(.repeated)),
        ("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n", .badHost(.repeated)),
        ("GET / HTTP/1.1\r\n\r\n", .badHost(.missing)),
        ("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .badHost(.malformed)),
        ("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", .badHost(.malformed)),
        ("GET / HTTP/1.1\nHost: a\n\n", .badLineEnding),
        ("GET / HTTP/1.1\r\nHost: a\rX: y\r\n\r\n", .badLineEnding),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", .badHeaderField(name: nil)),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", .badHeaderField(name: nil)),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{00}c\r\n\r\n", .badHeaderField(name: nil)),
        ("GET / HTTP/1.1\r\nHost: a\r\nuser-agent: b\u{00}c\r\n\r\n", .badHeaderField(name: "User-Agent")),
        ("GET http://b/ HTTP/1.1\r\nHost: a\r\n\r\n", .badHost(.conflicting)),
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequestLine),
        ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .badRequestLine),
        ("GET /a\u{7F}b HTTP/1.1\r\nHost: a\r\n\r\n", .badRequestLine),
        ("GET example.com HTTP/1.1\r\nHost: a\r\n\r\n", .badRequestLine),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", .unsupportedVersion),
        ("GET / HTTP/1.1\r\nHost: a\r\nExpect: the-unexpected\r\n\r\n", .unsupportedExpectation),
        ("GET /\(String(repeating: "a", count: 64)) HTTP/1.1\r\nHost: a\r\n\r\n", .targetTooLong(limit: 64)),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: \(String(repeating: "a", count: 300))\r\n\r\n", .headersTooLarge(limit: 256)),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", .badChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\n", .badChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello", .badChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", .badChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n", .bodyTooLarge(limit: 100)),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n\(String(repeating: "a", count: 64))\r\n40\r\n", .bodyTooLarge(limit: 100)),
    ])
    func refusals(request: String, violation: HTTPRequestViolation) {
        let consumed = Self.consume(request)
        #expect(consumed.violation == violation, "for \(request.debugDescription)")
    }

    @Test func nothingAfterARefusalIsPassedOn() {
        let good = "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
        let consumed = Self.consume(good + "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 30\r\n\r\nx" + good)
        #expect(consumed.violation == .badContentLength(.repeated))
        #expect(consumed.line?.method == "POST")
        let marked = Self.text(consumed)
        #expect(marked.hasPrefix(good + "POST / HTTP/1.1\r\nHost: gate.invalid\r\nConnection: close\r\nX-NMTI-Gate: "),
                "the request before the refused one, then the marked one in its place: \(marked.debugDescription)")
        #expect(!marked.dropFirst(good.utf8.count).contains("/healthz"), "nothing after the refused request reaches the server")
        let field = marked.components(separatedBy: "X-NMTI-Gate: ")[1].components(separatedBy: "\r\n")[0]
        #expect(Self.marker.read(field)?.violation == .badContentLength(.repeated))
        #expect(HTTPGateMarker().read(field) == nil, "another server's secret does not read it")
    }

    @Test func aChunkedBodyRefusedPartWayEndsWithTheMarkInItsTrailer() {
        let consumed = Self.consume("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\nzz\r\n")
        #expect(consumed.violation == .badChunk)
        #expect(Self.text(consumed).contains("0\r\nX-NMTI-Gate: \(Self.marker.secret) readable bad-framing chunk\r\n\r\n"))
    }

    @Test func theQueryTravelsInTheGatesOwnField() {
        #expect(Self.text(Self.consume("GET /a?b=1&&c HTTP/1.1\r\nHost: a\r\n\r\n")) == "GET /a HTTP/1.1\r\nX-NMTI-Query: b=1&&c\r\nHost: a\r\n\r\n")
        #expect(Self.text(Self.consume("GET /a? HTTP/1.1\r\nHost: a\r\n\r\n")) == "GET /a HTTP/1.1\r\nX-NMTI-Query: \r\nHost: a\r\n\r\n")
    }

    @Test func aClientsOwnMarkerAndQueryFieldsAreDropped() {
        let consumed = Self.consume("GET / HTTP/1.1\r\nHost: a\r\nX-NMTI-Query: theme=neon\r\nX-NMTI-Gate: \(Self.marker.secret) readable bad-host repeated\r\n\r\n")
        #expect(consumed.violation == nil)
        #expect(Self.text(consumed) == "GET / HTTP/1.1\r\nHost: a\r\n\r\n")
    }

    @Test func onlyExactlyChunkedIsAChunkedBody() {
        // Lists, even with only empty members beside `chunked`, are refused: a proxy may read them another way.
        #expect(Self.consume("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: ,chunked,\r\n\r\n0\r\n\r\n").violation == .unsupportedTransferCoding)
    }

    /// The data of canonical chunks (read as bytes: "\r\n" is one Character in a String).
    static func dechunk(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let start = bytes.firstRange(of: [13, 10, 13, 10])?.upperBound else { return "" }
        var index = start
        var body: [UInt8] = []
        while let line = bytes[index...].firstRange(of: [13, 10]) {
            guard let size = Int(String(decoding: bytes[index..<line.lowerBound], as: UTF8.self), radix: 16), size > 0 else { break }
            body += bytes[line.upperBound..<(line.upperBound + size)]
            index = line.upperBound + size + 2
        }
        return String(decoding: body, as: UTF8.self)
    }
}
