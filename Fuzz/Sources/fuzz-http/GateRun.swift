@testable import PosterHTTP

/// The client's bytes through the gate's strict reading (`HTTPRequestStream`), fed
/// whole and again in pieces of a few bytes. Both readings must agree; what was
/// forwarded must be canonical (`ForwardedReader`); and the requests passed on, the
/// violation and the gate's mark must account for each other.
struct GateRun {
    /// The gate's limits: the service's defaults (64 KiB body, 8 KiB URL, 16 KiB of header lines).
    static let limits = HTTPServerConfiguration()
    static let marker = HTTPGateMarker()

    let consumed: HTTPRequestStream.Consumed
    /// The whole requests forwarded, in order.
    let requests: [ForwardedRequest]

    init(_ input: ArraySlice<UInt8>, pieceSize: Int) {
        var whole = HTTPRequestStream(limits: Self.limits, marker: Self.marker)
        consumed = whole.consume(input)
        precondition(whole.consume([]).forward.isEmpty, "the gate forwarded bytes from no input")
        var pieces = HTTPRequestStream(limits: Self.limits, marker: Self.marker)
        var trickled = HTTPRequestStream.Consumed()
        var start = input.startIndex
        while start < input.endIndex {
            let step = pieces.consume(input[start..<min(start + pieceSize, input.endIndex)])
            precondition(trickled.violation == nil || step.forward.isEmpty, "the gate forwarded bytes after a violation")
            trickled.forward += step.forward
            if let violation = step.violation, trickled.violation == nil {
                trickled.violation = violation
                trickled.line = step.line
            }
            start += pieceSize
        }
        precondition(consumed.violation == trickled.violation && consumed.line == trickled.line,
                     "whole and piecewise readings differ: \(String(describing: consumed.violation)) vs \(String(describing: trickled.violation))")
        precondition(whole.isRefused == (consumed.violation != nil) && pieces.isRefused == whole.isRefused, "isRefused disagrees with the violation")
        let read = ForwardedReader.read(consumed.forward)
        let readPieces = ForwardedReader.read(trickled.forward)
        // Chunk boundaries follow the pieces; the requests they carry may not. A body refused
        // part way may end earlier in one reading (a refused piece's data is dropped): only its
        // refusal is answered.
        precondition(Self.withoutRefusedBody(read.requests) == Self.withoutRefusedBody(readPieces.requests) && read.cutOff == readPieces.cutOff,
                     "whole and piecewise readings forward other requests:\n\(Self.shown(consumed.forward))\n\(Self.shown(trickled.forward))")
        requests = read.requests
        check(read.cutOff, whole)
    }

    /// The requests without the body of a last one refused in its trailer.
    static func withoutRefusedBody(_ requests: [ForwardedRequest]) -> [ForwardedRequest] {
        guard var last = requests.last, !last.trailer.isEmpty else { return requests }
        last.body = []
        return requests.dropLast() + [last]
    }

    static func shown(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(3_000), as: UTF8.self).debugDescription
    }

    /// Marks only where a violation put one; every head passed on is counted; the
    /// query field only as the first field; one `Host` in every HTTP/1.1 request.
    private func check(_ cutOff: Bool, _ stream: HTTPRequestStream) {
        for (index, request) in requests.enumerated() {
            let isLast = index == requests.count - 1
            let queries = request.fields.indices.filter { request.fields[$0].name == HTTPGateMarker.queryField }
            precondition(queries.isEmpty || queries == [0], "the query field is not the first field: \(request.fields)")
            precondition(!request.fields.dropFirst(queries.count).contains { HTTPToken.equalsIgnoringCase($0.name.utf8, HTTPGateMarker.queryField.utf8) },
                         "a client's query field was passed on")
            let hosts = request.values("Host").count
            precondition(hosts <= 1 && (hosts == 1 || request.version == "HTTP/1.0"), "\(hosts) Host fields passed on")
            let marks = (request.fields + request.trailer).filter { HTTPToken.equalsIgnoringCase($0.name.utf8, HTTPGateMarker.field.utf8) }
            precondition(request.trailer.allSatisfy { HTTPToken.equalsIgnoringCase($0.name.utf8, HTTPGateMarker.field.utf8) },
                         "a trailer field other than the mark was passed on")
            if !isLast || consumed.violation == nil {
                precondition(marks.isEmpty, "a mark without a violation (a client's field passed on?)")
                continue
            }
            precondition(marks.count == 1, "\(marks.count) marks on the refused request")
            guard let read = Self.marker.read(marks[0].value) else { preconditionFailure("the gate's mark does not read back: \(marks[0].value)") }
            precondition(read.violation == consumed.violation && read.lineReadable == (consumed.line != nil), "the mark says another violation")
            if let line = consumed.line {
                precondition(request.method == line.method && request.path == String(line.target.prefix { $0 != "?" }), "the mark names another request line")
            }
        }
        precondition(consumed.violation == nil || !requests.isEmpty, "a violation without a marked request")
        let markedHead = consumed.violation != nil && requests.last.map { !$0.values(HTTPGateMarker.field).isEmpty } == true
        precondition(!(cutOff && consumed.violation != nil), "a refused stream ends part way through a request")
        precondition(requests.count + (cutOff ? 1 : 0) == stream.requests + (markedHead ? 1 : 0),
                     "\(requests.count) requests read back (cut off: \(cutOff)), \(stream.requests) heads passed on")
    }
}
