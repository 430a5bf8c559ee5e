import Foundation
import PosterHTTP
import PosterFiles
import PosterKit

extension Studio {
    /// Every request, on an HTTP thread: answered now, or later from the render queue.
    func handle(_ request: HTTPRequest, _ responder: HTTPResponder) {
        if let violation = request.violation {
            return responder.respond(StudioResponse.error(StudioRequestError(violation.status, violation.field, violation.reason), closing: true))
        }
        // A page elsewhere could point a name of its own at 127.0.0.1 (DNS rebinding):
        // only requests addressed to this studio by address or localhost are answered.
        guard let port, let host = request.header("Host"), ["127.0.0.1:\(port)", "localhost:\(port)"].contains(host.lowercased()) else {
            return responder.respond(StudioResponse.error(StudioRequestError(403, "Host", "the studio answers requests to 127.0.0.1 or localhost at its port only")))
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = StudioResponse.error(StudioRequestError(405, nil, "only GET and HEAD"))
            response.headers.append(("Allow", "GET, HEAD"))
            return responder.respond(response)
        }
        let path = request.path
        do throws(StudioRequestError) {
            switch path {
            case "/":
                try noQuery(request)
                responder.respond(StudioResponse.asset(StudioPage.html(format: configuration.format), type: "text/html; charset=utf-8"))
            case "/studio.js":
                try noQuery(request)
                responder.respond(StudioResponse.asset(StudioPage.script, type: "text/javascript; charset=utf-8"))
            case "/studio.css":
                try noQuery(request)
                responder.respond(StudioResponse.asset(StudioPage.style, type: "text/css; charset=utf-8"))
            case "/api/render":
                let variant = try variant(request, extra: [])
                engine.frame(for: variant) { responder.respond(StudioResponse.frame($0)) }
            case "/api/lints":
                let variant = try variant(request, extra: [])
                engine.frame(for: variant, lints: true) { responder.respond(StudioResponse.frame($0)) }
            case "/api/wait":
                let query = try StudioQuery.parse(request.query, allowed: StudioVariant.parameters.union(["after"]))
                guard let text = query["after"], let after = Int(text), after >= 0 else {
                    throw StudioRequestError(400, "after", "the generation the page shows, a whole number")
                }
                let variant = try StudioVariant(query, defaultFormat: configuration.format)
                waiters.add(after: after, variant: variant, responder: responder, seconds: configuration.longPollSeconds, engine: engine)
            case "/poster.png":
                let variant = try variant(request, extra: [])
                engine.frame(for: variant) { result in
                    switch result {
                    case .success(let frame):
                        // No poster (a theme that does not load, a bad nickname): the frame says why.
                        responder.respond(frame.image.map(StudioResponse.png) ?? StudioResponse.json(frame.json, status: 409))
                    case .failure(let refusal):
                        responder.respond(StudioResponse.error(refusal))
                    }
                }
            case "/result.json":
                let variant = try variant(request, extra: [])
                _ = try variant.result()
                responder.respond(StudioResponse.json(Array(variant.resultJSON)))
            case "/api/source":
                try noQuery(request)
                responder.respond(StudioResponse.json(source()))
            default:
                throw StudioRequestError(404, nil, "no such page")
            }
        } catch {
            responder.respond(StudioResponse.error(error))
        }
    }

    private func variant(_ request: HTTPRequest, extra: Set<String>) throws(StudioRequestError) -> StudioVariant {
        let query = try StudioQuery.parse(request.query, allowed: StudioVariant.parameters.union(extra))
        return try StudioVariant(query, defaultFormat: configuration.format)
    }

    private func noQuery(_ request: HTTPRequest) throws(StudioRequestError) {
        guard request.query.isEmpty else { throw StudioRequestError(400, nil, "this page takes no query") }
    }

    /// The theme file's lines, for the page's source view (`{"file", "lines"}`); at most the theme size limit.
    private func source() -> [UInt8] {
        let file = engine.themeFile
        // Never blocks on a FIFO put in the file's place, never reads more than a theme may hold.
        let data = RegularFileBytes.read(file.path, limit: ThemeLimits.maximumFileBytes) ?? Data()
        let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        let object: [String: Any] = ["file": file.path, "lines": lines]
        return Array((try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])) ?? Data("{}".utf8))
    }
}
