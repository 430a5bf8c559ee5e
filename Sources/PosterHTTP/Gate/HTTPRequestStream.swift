/// One connection's requests as the client sends them, cut into heads and bodies by
/// the gate's own strict reading, and turned into the canonical bytes libmicrohttpd
/// is given. After a violation nothing more is passed on: where the next request
/// would start is no longer known. In place of the refused request libmicrohttpd
/// gets a marked one (`HTTPGateMarker`) that the service answers with the refusal
/// and `Connection: close`, in order after every earlier request on the connection.
struct HTTPRequestStream {
    private enum Phase {
        case head(HTTPHeadParser)
        case body(remaining: Int)
        case chunked(ChunkedBodyDecoder)
        case refused
    }

    /// What a piece of input amounted to.
    struct Consumed: Equatable {
        /// Bytes for libmicrohttpd, in order.
        var forward: [UInt8] = []
        /// The violation that ended the stream, with the refused request's line when it was readable.
        var violation: HTTPRequestViolation?
        var line: HTTPRequestLine?
    }

    private let limits: HTTPServerConfiguration
    private let marker: HTTPGateMarker
    private var phase: Phase
    /// Input of a head not yet complete.
    private var pending: [UInt8] = []
    /// The request line of the request being read (its body), for the log of a refusal.
    private var current: HTTPRequestLine?
    /// Heads passed on so far.
    private(set) var requests = 0

    init(limits: HTTPServerConfiguration, marker: HTTPGateMarker) {
        self.limits = limits
        self.marker = marker
        phase = .head(Self.parser(limits))
    }

    /// Whether the stream is between requests: no part of one has arrived.
    var isBetweenRequests: Bool {
        if case .head = phase { return pending.isEmpty }
        return false
    }

    /// Whether a violation ended the stream.
    var isRefused: Bool {
        if case .refused = phase { return true }
        return false
    }

    /// Reads `input`; returns what to pass on and the violation, if one ended the stream.
    mutating func consume(_ input: ArraySlice<UInt8>) -> Consumed {
        var result = Consumed()
        var rest = input
        while true {
            switch phase {
            case .refused:
                return result
            case .head(var parser):
                guard !rest.isEmpty || !pending.isEmpty else { return result }
                pending += rest
                rest = []
                switch parser.feed(pending, from: 0) {
                case .incomplete:
                    phase = .head(parser)
                    return result
                case .violation(let violation, let line):
                    result.forward += marker.request(violation, line: line)
                    return refuse(&result, violation, line)
                case .head(let head, let length):
                    result.forward += head.canonicalBytes
                    requests += 1
                    current = head.line
                    rest = pending[length...]
                    pending = []
                    switch head.framing {
                    case .none: phase = .head(Self.parser(limits))
                    case .length(let count): phase = .body(remaining: count)
                    case .chunked:
                        phase = .chunked(ChunkedBodyDecoder(maximumBodyBytes: limits.maximumBodyBytes, maximumTrailerBytes: limits.maximumHeaderBytes))
                    }
                }
            case .body(let remaining):
                guard !rest.isEmpty else { return result }
                let take = min(remaining, rest.count)
                result.forward += rest.prefix(take)
                rest = rest.dropFirst(take)
                phase = take == remaining ? .head(Self.parser(limits)) : .body(remaining: remaining - take)
            case .chunked(var decoder):
                guard !rest.isEmpty else { return result }
                switch decoder.feed(rest) {
                case .more(let output):
                    result.forward += output
                    phase = .chunked(decoder)
                    return result
                case .finished(let output, let consumed):
                    result.forward += output
                    rest = rest.dropFirst(consumed)
                    phase = .head(Self.parser(limits))
                case .violation(let violation):
                    // The head is already with libmicrohttpd: the body ends here, marked in its trailer.
                    result.forward += marker.trailer(violation)
                    return refuse(&result, violation, current)
                }
            }
        }
    }

    private mutating func refuse(_ result: inout Consumed, _ violation: HTTPRequestViolation, _ line: HTTPRequestLine?) -> Consumed {
        phase = .refused
        pending = []
        result.violation = violation
        result.line = line
        return result
    }

    private static func parser(_ limits: HTTPServerConfiguration) -> HTTPHeadParser {
        HTTPHeadParser(
            maximumTargetBytes: limits.maximumTargetBytes, maximumHeaderBytes: limits.maximumHeaderBytes,
            maximumBodyBytes: limits.maximumBodyBytes)
    }
}
