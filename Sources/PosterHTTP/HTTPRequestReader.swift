import CMicroHTTPD
import CMicroHTTPDShim
import Foundation

/// The steps of one request inside the access callback: headers (and their limits),
/// body pieces, dispatch to the handler, and queuing the answer.
enum HTTPRequestReader {
    static func advance(
        _ exchange: HTTPExchange, core: HTTPServerCore, connection: OpaquePointer, method: String,
        upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        enum Step {
            case wait, dispatch
            case answer(HTTPResponse?)
        }
        let limits = core.configuration
        var headers: [(name: String, value: String)] = []
        let first = exchange.state.withLock { !$0.headersSeen }
        if first {
            _ = withUnsafeMutablePointer(to: &headers) { box in
                nmti_mhd_get_connection_values(connection, MHD_ValueKind.HEADER_KIND, HTTPCallbacks.headerIterator, box)
            }
        }
        let step = exchange.state.withLock { state -> Step in
            if state.dispatched {
                return .answer(state.response)
            }
            if !state.headersSeen {
                state.headersSeen = true
                state.method = method
                state.headers = headers
                // The query travels past libmicrohttpd in the gate's own field (HTTPGateMarker.requestLine).
                if let index = headers.firstIndex(where: { HTTPToken.equalsIgnoringCase($0.name.utf8, HTTPGateMarker.queryField.utf8) }) {
                    state.target = exchange.target + "?" + headers[index].value
                    state.headers.remove(at: index)
                }
                // A request the gate refused: answered at once with the refusal (the connection then closes).
                if let mark = marked(headers, core: core) {
                    state.violation = mark.violation
                    state.lineUnreadable = !mark.lineReadable
                    state.headers = []
                    return .dispatch
                }
                // The gate has checked the limits and framing. Wait for the call after the body,
                // even when there is none: libmicrohttpd closes a connection whose answer was
                // queued before the request was read in full.
                return .wait
            }
            if uploadSize.pointee > 0 {
                let count = uploadSize.pointee
                if state.body.count + count > limits.maximumBodyBytes {
                    state.violation = .bodyTooLarge(limit: limits.maximumBodyBytes)
                } else if let upload {
                    upload.withMemoryRebound(to: UInt8.self, capacity: count) { state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
                }
                uploadSize.pointee = 0
                return .wait
            }
            // The body is in; a chunked body the gate refused part way carries its mark in the trailer.
            if let mark = marked(trailer(connection), core: core) { state.violation = mark.violation }
            return .dispatch
        }
        switch step {
        case .wait:
            return MHD_Result.YES
        case .answer(let response):
            guard let response else { return MHD_Result.YES }
            return queue(response, on: connection)
        case .dispatch:
            return dispatch(exchange, core: core, connection: connection)
        }
    }

    /// The gate's mark among `fields`, if one carries this server's secret.
    private static func marked(_ fields: [(name: String, value: String)], core: HTTPServerCore) -> (violation: HTTPRequestViolation, lineReadable: Bool)? {
        for field in fields where HTTPToken.equalsIgnoringCase(field.name.utf8, HTTPGateMarker.field.utf8) {
            if let mark = core.gate.marker.read(field.value) { return mark }
        }
        return nil
    }

    /// The trailer fields of a chunked body (the gate passes on none but its mark).
    private static func trailer(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        _ = withUnsafeMutablePointer(to: &fields) { box in
            nmti_mhd_get_connection_values(connection, MHD_ValueKind.FOOTER_KIND, HTTPCallbacks.headerIterator, box)
        }
        return fields
    }

    private static func dispatch(_ exchange: HTTPExchange, core: HTTPServerCore, connection: OpaquePointer) -> MHD_Result {
        core.watch.requestArrived(HTTPCallbacks.key(connection))
        let client = clientAddress(connection)
        let request = exchange.state.withLock { state -> HTTPRequest in
            state.dispatched = true
            let body = state.body
            state.body = []
            return HTTPRequest(
                method: state.lineUnreadable ? "-" : state.method, target: state.lineUnreadable ? "-" : state.target ?? exchange.target,
                headers: state.headers, body: body,
                violation: state.violation, receivedAt: exchange.receivedAt, clientAddress: client)
        }
        let responder = HTTPResponder(exchange: exchange, server: core, connection: connection)
        if let fallback = core.stopping {
            responder.respond(fallback)
        } else {
            core.handler(request, responder)
        }
        let ready = exchange.state.withLock { state -> HTTPResponse? in
            if let response = state.response { return response }
            core.willSuspend(exchange, responder: responder)
            state.suspended = true
            nmti_mhd_suspend_connection(connection)
            return nil
        }
        guard let ready else { return MHD_Result.YES }
        return queue(ready, on: connection)
    }

    /// The peer's address, which the gate handed libmicrohttpd with the connection.
    private static func clientAddress(_ connection: OpaquePointer) -> String {
        var text = [CChar](repeating: 0, count: 64)
        guard nmti_mhd_client_address(connection, &text, text.count) == 1 else { return "" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let created = response.sharedBody.map { $0.makeResponse() } ?? response.body.withUnsafeBytes { bytes in
            nmti_mhd_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        guard let created else { return MHD_Result.NO }
        for header in response.headers { _ = nmti_mhd_add_response_header(created, header.name, header.value) }
        let result = nmti_mhd_queue_response(connection, UInt32(response.status), created)
        nmti_mhd_destroy_response(created)
        return result
    }
}
