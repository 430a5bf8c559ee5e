import PosterHTTP

/// The studio's answers: every one uncached and not sniffed, pages under a strict
/// Content-Security-Policy (their own script and style, images as data URLs, requests
/// to their own origin only; nothing from elsewhere).
enum StudioResponse {
    /// What every answer carries.
    static let common: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]

    /// The page's policy: nothing but its own script, style, data-URL images and requests.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + common, body: body)
    }

    static func error(_ error: StudioRequestError, closing: Bool = false) -> HTTPResponse {
        var response = json(error.json, status: error.status)
        if closing { response.headers.append(("Connection", "close")) }
        return response
    }

    /// A frame's JSON, or the error that kept it from being drawn.
    static func frame(_ result: Result<StudioFrame, StudioRequestError>) -> HTTPResponse {
        switch result {
        case .success(let frame): json(frame.json)
        case .failure(let refusal): error(refusal)
        }
    }

    static func asset(_ text: String, type: String) -> HTTPResponse {
        var headers = [("Content-Type", type)] + common
        if type.hasPrefix("text/html") {
            headers += [("Content-Security-Policy", contentSecurityPolicy), ("X-Frame-Options", "DENY")]
        }
        return HTTPResponse(status: 200, headers: headers, body: Array(text.utf8))
    }

    static func png(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "image/png")] + common, body: bytes)
    }
}
