import Dispatch
import NMTIDomain
@testable import PosterHTTP
import PosterKit
@testable import PosterServer

/// Requests the harness derives from an answered one, checked against it:
///
/// - every 200 with an `ETag`, asked again with `If-None-Match` listing that tag
///   (weak, after another tag), is a 304 with the same tag and no body of its own
///   (it may keep the 200's, which is never sent and gives it the 200's Content-Length);
/// - a landing page of a link whose signature does not verify is byte for byte the
///   page of the same link without its nicknames, so no text a stranger put in a
///   link reaches the page; a page of a verified link shows its nicknames;
/// - a landing page's error (HTML or JSON) is the same with other letters in the
///   nicknames (`n`, `in`), so it never shows what a stranger wrote there.
struct FollowUps {
    let subject: ServiceUnderTest
    let request: HTTPRequest
    let response: HTTPResponse
    /// Requests asked, for the count of answers.
    private(set) var asked = 0

    init(subject: ServiceUnderTest, request: HTTPRequest, response: HTTPResponse) {
        self.subject = subject
        self.request = request
        self.response = response
    }

    mutating func run() {
        guard request.violation == nil else { return }
        if response.status >= 400 { return landingError() }
        guard response.status == 200 else { return }
        revalidate()
        landingPage()
    }

    private mutating func ask(_ request: HTTPRequest) -> HTTPResponse {
        asked += 1
        let response = subject.answer(request).response
        AnswerCheck(subject: subject, request: request, response: response).run()
        return response
    }

    private func with(_ headers: [(name: String, value: String)], target: String? = nil) -> HTTPRequest {
        HTTPRequest(method: request.method, target: target ?? request.target, headers: headers, body: request.body,
                    receivedAt: DispatchTime.now().uptimeNanoseconds)
    }

    private mutating func revalidate() {
        guard let etag = AnswerCheck(subject: subject, request: request, response: response).header("ETag") else { return }
        let headers = request.headers.filter { $0.name.lowercased() != "if-none-match" } + [("If-None-Match", "\"other\", W/\(etag)")]
        let again = ask(with(headers))
        // A 304's body, if kept, is the 200's (never sent: it only sets the 304's Content-Length).
        precondition(again.status == 304 && (again.bodyCount == 0 || again.bodyCount == response.bodyCount)
                     && again.headers.contains { $0.name == "ETag" && $0.value == etag },
                     "asked again with its ETag, \(request.method) \(request.target) got \(again.status)")
    }

    private mutating func landingPage() {
        guard case .page(let kind) = LinkRoute(path: request.path, base: subject.configuration.linkBase),
              let base = try? subject.service.pageBase(request) else { return }
        let text = base.text + kind + (request.query.isEmpty ? "" : "?" + request.query)
        guard let parsed = try? ParsedLink(parsing: text) else { preconditionFailure("a landing page for a link that does not parse: \(text)") }
        let checked = CheckedLink(parsed, signer: subject.configuration.linkSigner)
        let page = String(decoding: response.body, as: UTF8.self)
        if checked.isVerified {
            for case let nickname? in [parsed.link.sender.nickname, parsed.link.inviter?.nickname] {
                precondition(page.contains(HTMLText.escape(nickname)), "a verified link's page without its nickname: \(text)")
            }
            return
        }
        guard parsed.link.hasNicknames else { return }
        let stripped = parsed.link.withoutNicknames.url(form: .web(base))
        let query = stripped.firstIndex(of: "?").map { String(stripped[$0...]) } ?? ""
        let headers = request.headers.filter { $0.name.lowercased() != "if-none-match" }
        let reference = ask(HTTPRequest(method: "GET", target: "/" + kind + query, headers: headers, receivedAt: DispatchTime.now().uptimeNanoseconds))
        precondition(reference.status == 200 && reference.body == response.body,
                     "the page of an unverified link differs from the page without its nicknames: \(text)")
    }

    private mutating func landingError() {
        guard case .page = LinkRoute(path: request.path, base: subject.configuration.linkBase), let mark = request.target.firstIndex(of: "?") else { return }
        let items = request.target[request.target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
        let changed = items.map { item -> String in
            guard let equals = item.firstIndex(of: "="), ["n", "in"].contains(item[..<equals]) else { return String(item) }
            return String(item[...equals]) + Self.otherLetters(item[item.index(after: equals)...])
        }
        guard changed != items.map(String.init) else { return }
        let target = String(request.target[...mark]) + changed.joined(separator: "&")
        let again = ask(with(request.headers, target: target))
        precondition(again.status == response.status && again.body == response.body,
                     "a landing page's error shows the nickname: \(request.target) and \(target) are answered differently")
    }

    /// Each ASCII letter and digit outside `%XX` escapes replaced by the next one: the
    /// same length, escapes and controls, so the same refusal, but other text.
    static func otherLetters(_ value: Substring) -> String {
        var bytes = Array(value.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "%"): index += 2
            case UInt8(ascii: "a")...UInt8(ascii: "y"), UInt8(ascii: "A")...UInt8(ascii: "Y"), UInt8(ascii: "0")...UInt8(ascii: "8"): bytes[index] += 1
            case UInt8(ascii: "z"), UInt8(ascii: "Z"), UInt8(ascii: "9"): bytes[index] -= 1
            default: break
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension NMTILink {
    /// The inviter of a reply.
    var inviter: LinkPerson? {
        if case .reply(_, _, let inviter) = self { return inviter }
        return nil
    }
}
