import Dispatch
@testable import PosterHTTP

/// What the handler is given for a forwarded request, read as `HTTPRequestReader`
/// reads libmicrohttpd's view of it: the query joined back from its field, a request
/// the gate marked (in its head or its trailer) answered as the refusal, and the
/// reader's second line of limits.
enum HandlerRequest {
    static func make(_ forwarded: ForwardedRequest) -> HTTPRequest {
        var headers = forwarded.fields.map { (name: $0.name, value: $0.value) }
        var target = forwarded.path
        if let index = headers.firstIndex(where: { HTTPToken.equalsIgnoringCase($0.name.utf8, HTTPGateMarker.queryField.utf8) }) {
            target += "?" + headers[index].value
            headers.remove(at: index)
        }
        if let mark = mark(forwarded.fields) {
            let readable = mark.lineReadable
            return HTTPRequest(method: readable ? forwarded.method : "-", target: readable ? target : "-", violation: mark.violation,
                               receivedAt: DispatchTime.now().uptimeNanoseconds)
        }
        let limits = GateRun.limits
        // The gate is the one place the limits are enforced: a request it passed on is within them.
        precondition(target.utf8.count <= limits.maximumTargetBytes, "the gate passed a target past the limit (\(target.utf8.count) bytes)")
        precondition(forwarded.body.count <= limits.maximumBodyBytes, "the gate passed a body the reader refuses (\(forwarded.body.count) bytes)")
        let violation = mark(forwarded.trailer)?.violation
        return HTTPRequest(method: forwarded.method, target: target, headers: headers, body: forwarded.body, violation: violation,
                           receivedAt: DispatchTime.now().uptimeNanoseconds)
    }

    private static func mark(_ fields: [ForwardedRequest.Field]) -> (violation: HTTPRequestViolation, lineReadable: Bool)? {
        for field in fields where HTTPToken.equalsIgnoringCase(field.name.utf8, HTTPGateMarker.field.utf8) {
            if let mark = GateRun.marker.read(field.value) { return mark }
        }
        return nil
    }
}
