import PosterHTTP

/// A landing page request the service refuses, answered as a small HTML page for
/// browsers or, when the `Accept` header asks for JSON and not HTML, as the
/// service's usual `{"error": {"status", "code", "path", "message"}}`. Both carry
/// the same status, code, parameter and message; both say `no-store`.
enum LandingError {
    /// The answer for `error` in the form the request accepts.
    static func response(_ error: ServiceError, _ request: HTTPRequest) -> HTTPResponse {
        let accept = request.header("Accept")?.lowercased() ?? ""
        var response = error.response
        response.headers.append(("Vary", "Accept"))
        guard !(accept.contains("application/json") && !accept.contains("text/html")) else { return response }
        response.headers = response.headers.map { $0.name == "Content-Type" ? ($0.name, "text/html; charset=utf-8") : $0 }
        response.headers.append(("X-Content-Type-Options", "nosniff"))
        response.headers.append(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"))
        response.body = html(error)
        return response
    }

    static func html(_ error: ServiceError) -> [UInt8] {
        let e = HTMLText.escape
        let parameter = error.path.map { "<p class=\"field\">参数 <code>\(e($0))</code></p>" } ?? ""
        let text = """
            <!doctype html>
            <html lang="zh-CN">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>链接打不开 · NMTI</title>
            <style>html{background:#F4EFE6;color:#1F1B16}body{margin:0;font:16px/1.5 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif}\
            main{max-width:420px;margin:0 auto;padding:48px 20px;text-align:center}h1{font-size:22px;margin:0 0 12px}\
            .message{color:#5B5248;overflow-wrap:anywhere;font-size:14px}code{background:#E9E1D4;padding:1px 6px;border-radius:6px}\
            .status{color:#8A7F72;font-size:13px}</style>
            </head>
            <body>
            <main>
            <h1>这个链接打不开</h1>
            <p>它可能被截断或改动过。请让好友重新分享海报，或扫描海报上的二维码。</p>
            \(parameter)
            <p class="message" id="error-message">\(e(error.message))</p>
            <p class="status" id="error-code">\(error.status) · \(e(error.code))</p>
            </main>
            </body>
            </html>

            """
        return Array(text.utf8)
    }
}
