import Foundation
@testable import PosterHashing
@testable import PosterHTTP
@testable import PosterServer

/// What every answer must be, whatever the request: a status the README documents
/// (and, one request at a time, never a 429 or 503; a 500 is a drawing failure),
/// header fields that are safe to send, a refusal's status and code for a request the
/// gate refused (with `Connection: close`), the JSON error form for every error (or the
/// landing page's HTML form, unless JSON was asked for), conditional answers that
/// agree with `If-None-Match`, and no poster from a service that signs URLs unless the
/// URL's signature verifies.
struct AnswerCheck {
    static let documented: Set<Int> = [200, 304, 400, 403, 404, 405, 413, 414, 415, 417, 429, 431, 500, 501, 503, 505]
    static let unexpected: Set<Int> = [429, 500, 503]

    let subject: ServiceUnderTest
    let request: HTTPRequest
    let response: HTTPResponse

    var status: Int { response.status }

    func header(_ name: String) -> String? {
        response.headers.first { HTTPToken.equalsIgnoringCase($0.name.utf8, name.utf8) }?.value
    }

    func fail(_ what: String) -> Never {
        let body = String(decoding: (response.sharedBody == nil ? response.body : []).prefix(600), as: UTF8.self)
        preconditionFailure("\(what)\nrequest: \(request.method) \(request.target.prefix(600)) \(request.headers)\nanswer: \(status) \(response.headers) \(body)")
    }

    var isLandingPage: Bool {
        if case .page = LinkRoute(path: request.path, base: subject.configuration.linkBase) { return true }
        return false
    }

    func run() {
        if !Self.documented.contains(status) { fail("an undocumented status") }
        if Self.unexpected.contains(status) { fail("a status one request at a time never gets") }
        for field in response.headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(HTTPToken.isTokenByte), field.value.utf8.allSatisfy(HTTPToken.isFieldValueByte) else {
                fail("a header field that cannot be sent as it is: \(field)")
            }
            if ["content-length", "transfer-encoding", "date"].contains(field.name.lowercased()) { fail("a field the library writes: \(field.name)") }
        }
        if let violation = request.violation {
            guard status == violation.status, header("Connection") == "close", errorCode() == violation.code else { fail("not the refusal of \(violation)") }
        }
        if status == 405, header("Allow") == nil { fail("a 405 without Allow") }
        if status == 200 || status == 304 { signatureChecked() }
        switch status {
        case 200: success()
        case 304:
            // A 304 may hold its 200's body: never sent (the responder drops it), it gives the 304
            // the 200's Content-Length (RFC 9110 §8.6); FollowUps checks it is the 200's.
            guard let etag = header("ETag") else { fail("a 304 without an ETag") }
            guard let condition = request.header("If-None-Match"), PosterKey.header(condition, lists: etag) else { fail("a 304 the request did not ask for") }
        default:
            _ = errorCode()
        }
    }

    private func success() {
        let type = header("Content-Type") ?? ""
        if let etag = header("ETag"), let condition = request.header("If-None-Match"), PosterKey.header(condition, lists: etag) {
            fail("a 200 whose ETag the request's If-None-Match lists")
        }
        if type == "image/png" {
            guard let shared = response.sharedBody, shared.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), header("ETag") != nil else {
                fail("a poster that is not a PNG, or without an ETag")
            }
        } else if type.hasPrefix("text/html") {
            guard isLandingPage, header("ETag") != nil, header("Content-Security-Policy") != nil else { fail("an HTML page off the landing routes") }
        } else if response.bodyCount == 0 {
            fail("a 200 without a body")
        }
    }

    /// The path a URL signature covers, for the routes that draw posters.
    private var signedPath: String? {
        if case .image(_, _, let path) = LinkRoute(path: request.path, base: subject.configuration.linkBase) { return path }
        let path = request.path
        return path == "/v1/render" || (path.hasPrefix("/v1/posters/") && path.hasSuffix(".png")) ? String(path) : nil
    }

    private func signatureChecked() {
        guard let signer = subject.urlSigner, let path = signedPath, request.violation == nil else { return }
        guard let query = try? QueryItems(raw: request.query), let sig = query.value("sig") else { fail("a poster for a URL without a signature") }
        var canonical = URLSigner.canonical(path: path, query: query)
        if request.method == "POST" { canonical += "\n" + SHA256.hex(request.body) }
        if !signer.verify(sig, canonical: canonical) { fail("a poster for a URL whose signature does not verify") }
    }

    /// The error's code, from the JSON error form or the landing page's HTML form.
    private func errorCode() -> String {
        guard header("Cache-Control") == "no-store", header("X-Content-Type-Options") == "nosniff" else { fail("an error that may be cached or sniffed") }
        let type = header("Content-Type") ?? ""
        if type == "text/html; charset=utf-8" {
            let accept = request.header("Accept")?.lowercased() ?? ""
            guard isLandingPage, request.violation == nil, !(accept.contains("application/json") && !accept.contains("text/html")) else {
                fail("an HTML error where JSON is due")
            }
            let page = String(decoding: response.body, as: UTF8.self)
            guard let range = page.range(of: "<p class=\"status\" id=\"error-code\">\(status) · "),
                  let end = page[range.upperBound...].firstIndex(of: "<") else { fail("an HTML error page without its status") }
            return String(page[range.upperBound..<end])
        }
        guard type == "application/json",
              let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], object.count == 1,
              let error = object["error"] as? [String: Any], Set(error.keys) == ["status", "code", "path", "message"],
              error["status"] as? Int == status, let code = error["code"] as? String, !code.isEmpty,
              code.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "-") }),
              error["path"] is String || error["path"] is NSNull, let message = error["message"] as? String, !message.isEmpty,
              response.body.last == 0x0A
        else { fail("an error body that is not {\"error\": {status, code, path, message}}") }
        return code
    }
}
