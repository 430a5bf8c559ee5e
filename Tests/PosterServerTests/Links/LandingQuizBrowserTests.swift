import Foundation
import NMTIDomain
import PosterKit
import Testing

/// The share loop in a real browser at phone size: the invite page's main button opens
/// the quiz (a stand-in endpoint on 127.0.0.1) with the invite in its query, and the
/// first image of both pages is a square WeChat can take as the share thumbnail.
/// In the serialized `LandingBrowserTests`, so only one Chromium runs at a time.
extension LandingBrowserTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"

    /// The first image, the main button's box and whether the WeChat hint shows.
    static let firstImage = """
        (() => {
          const img = document.images[0];
          const main = document.getElementById('main-action').getBoundingClientRect();
          const app = document.getElementById('open-app');
          const hint = document.getElementById('wechat-hint');
          return JSON.stringify({
            id: img.id, complete: img.complete, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
            mainTop: main.top, mainBottom: main.bottom, mainLeft: main.left, mainRight: main.right,
            hint: getComputedStyle(hint).display,
            hintAfterApp: !!(app.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING),
            hintBelowApp: hint.getBoundingClientRect().top >= app.getBoundingClientRect().bottom
          });
        })()
        """

    @Test func theMainButtonOpensTheQuizWithTheInviteAndTheFirstImageIsASquare() throws {
        let quiz = try QuizEndpoint()
        defer { quiz.stop() }
        let quizURL = "http://127.0.0.1:\(quiz.port)/start?src=poster"
        let themes = try LinkFixtures.themes()
        let key = try LinkFixtures.keyFile()
        defer {
            try? FileManager.default.removeItem(at: themes)
            try? FileManager.default.removeItem(at: key)
        }
        let server = try ServerProcess(["--themes", themes.path, "--workers", "1", "--link-key-file", key.path, "--quiz-url", quizURL])
        defer { server.stop() }
        let browser = try Chromium()
        defer { browser.quit() }
        let origin = server.url("/")
        let inviteURL = LinkFixtures.invite.url(form: .web(try LinkBase(origin)), signature: LinkFixtures.signer.signature(for: LinkFixtures.invite))
        let expected = quizURL + "&nmti_invite=" + PercentEncoding.encode(inviteURL)

        for (name, link) in [("invite", LinkFixtures.invite), ("reply", LinkFixtures.reply)] {
            for (agent, userAgent) in [("phone", Self.iPhone), ("wechat", Self.wechat)] {
                let session = try browser.newPage()
                try browser.send("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true], session: session)
                try browser.send("Emulation.setUserAgentOverride", ["userAgent": userAgent], session: session)
                try browser.load(server.url(try LinkFixtures.target(link, base: origin)), session: session)
                let text = try #require(try browser.evaluate(Self.firstImage, session: session) as? String)
                let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let width = report["naturalWidth"] as? Int ?? 0
                #expect(report["id"] as? String == "thumb" && report["complete"] as? Bool == true, "\(name): \(report)")
                #expect(width >= 300 && report["naturalHeight"] as? Int == width, "\(name): the first image is not a square of at least 300 px: \(report)")
                #expect((report["mainBottom"] as? Double ?? 1_000) <= 844, "\(name): the main button is below the fold: \(report)")
                // Inside WeChat the hint shows, beside "open in the app" only; elsewhere it is hidden.
                #expect(report["hint"] as? String == (agent == "wechat" ? "block" : "none"), "\(name) \(agent): \(report)")
                #expect(report["hintAfterApp"] as? Bool == true, "\(report)")
                if agent == "wechat" { #expect(report["hintBelowApp"] as? Bool == true, "\(report)") }
                Self.keep(try browser.screenshot(session: session), "quiz-\(name)-\(agent).png")
                guard name == "invite", agent == "phone" else { continue }

                // A tap on the main button: the browser goes to the quiz, the invite in its query.
                let x = ((report["mainLeft"] as? Double ?? 0) + (report["mainRight"] as? Double ?? 0)) / 2
                let y = ((report["mainTop"] as? Double ?? 0) + (report["mainBottom"] as? Double ?? 0)) / 2
                for type in ["mousePressed", "mouseReleased"] {
                    try browser.send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "clickCount": 1], session: session)
                }
                var location = ""
                let until = Date().addingTimeInterval(20)
                while Date() < until {
                    location = (try? browser.evaluate("document.readyState === 'complete' ? location.href : ''", session: session) as? String) ?? ""
                    if location.hasPrefix(quizURL) { break }
                    usleep(100_000)
                }
                #expect(location == expected)
                #expect(quiz.received.contains(String(expected.dropFirst("http://127.0.0.1:\(quiz.port)".count))), "\(quiz.received)")
            }
        }
    }
}
