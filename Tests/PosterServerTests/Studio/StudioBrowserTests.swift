import Foundation
import Testing

/// The studio in headless Chromium: the page shows the poster, a save of the theme file
/// shows the new poster within a second without a reload, a broken save shows the
/// diagnostics and the next good one the poster again, and a click on the poster names
/// the element under the pointer. Everything on 127.0.0.1; every wait bounded.
/// `NMTI_SCREENSHOT_DIR`, when set, keeps the screenshot (docs/images/studio.png).
@Suite(.serialized) struct StudioBrowserTests {
    /// Polls `expression` in the page until it returns a non-empty string other than `old`, at most `seconds`.
    static func waitFor(_ expression: String, differentFrom old: String? = nil, seconds: Double,
                        browser: Chromium, session: String) throws -> (value: String, elapsed: Double)? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if let value = try browser.evaluate(expression, session: session) as? String, !value.isEmpty, value != old {
                return (value, Date().timeIntervalSince(start))
            }
            usleep(20_000)
        }
        return nil
    }

    @Test func aSaveReachesThePageWithinASecondAndAClickNamesTheElement() throws {
        let studio = try StudioProcess()
        defer { studio.stop() }
        let browser = try Chromium()
        defer { browser.quit() }
        let session = try browser.newPage()
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": false], session: session)
        try browser.load(studio.url, session: session)
        let digest = "document.body.dataset.digest"
        let first = try #require(try Self.waitFor(digest, seconds: 30, browser: browser, session: session), "the page never showed a poster")
        #expect(try browser.evaluate("document.body.dataset.generation", session: session) as? String == "1")
        // Let the page's long poll reach the studio before the save.
        usleep(300_000)

        // Edit a text colour (the tagline's) as an editor saves: the new poster is pushed.
        let original = try String(contentsOf: studio.themeFile, encoding: .utf8)
        let edited = try #require(original.range(of: "color: \"#6D655A\"").map { original.replacingCharacters(in: $0, with: "color: \"#2E5A8A\"") })
        try studio.save(edited)
        let pushed = try #require(try Self.waitFor(digest, differentFrom: first.value, seconds: 5, browser: browser, session: session),
                                  "the new poster never reached the page")
        #expect(pushed.elapsed < 1.0, "the new poster took \(pushed.elapsed) s")
        // One save, one new generation (however many events the editor's save makes).
        #expect(try browser.evaluate("document.body.dataset.generation", session: session) as? String == "2")
        #expect(try browser.evaluate("performance.getEntriesByType('navigation').length", session: session) as? Int == 1)

        // A broken save shows the problems with file:line:column; the next good one the poster.
        try studio.save(edited.replacingOccurrences(of: "canvas:", with: "canvas: {,"))
        let shown = "document.getElementById('diagnostics').hidden ? '' : document.getElementById('diagnostic-list').textContent"
        let problems = try #require(try Self.waitFor(shown, seconds: 5, browser: browser, session: session), "no diagnostics shown")
        #expect(problems.value.contains("theme.json5:"), "\(problems.value)")
        try studio.save(edited)
        let back = try #require(try Self.waitFor(digest, seconds: 5, browser: browser, session: session), "the poster did not come back")
        #expect(back.value == pushed.value)

        // Click the middle of the 称号 (the largest text): the page names the element on top there.
        let frameText = try Curl.request(studio.url("/api/render?code=PRED&pack=workplace&format=poster&debug=0"))
        let frame = try #require(try JSONSerialization.jsonObject(with: frameText.body) as? [String: Any])
        let elements = try #require(frame["elements"] as? [[String: Any]])
        let title = try #require(elements.filter { $0["lines"] != nil }.max { Self.size($0) < Self.size($1) })
        let bounds = try #require(title["bounds"] as? [String: Double])
        let canvas = try #require(frame["canvas"] as? [String: Double])
        let point = (x: bounds["x"]! + bounds["width"]! / 2, y: bounds["y"]! + bounds["height"]! / 2)
        let expected = elements.last { element in
            guard let b = element["bounds"] as? [String: Double] else { return false }
            return point.x >= b["x"]! && point.x <= b["x"]! + b["width"]! && point.y >= b["y"]! && point.y <= b["y"]! + b["height"]!
        }?["path"] as? String
        let box = try #require(try browser.evaluate("""
            JSON.stringify((({left, top, width, height}) => ({left, top, width, height}))(document.getElementById('poster').getBoundingClientRect()))
            """, session: session) as? String)
        let shownBox = try #require(try JSONSerialization.jsonObject(with: Data(box.utf8)) as? [String: Double])
        let screen = (x: shownBox["left"]! + point.x / canvas["width"]! * shownBox["width"]!,
                      y: shownBox["top"]! + point.y / canvas["height"]! * shownBox["height"]!)
        for type in ["mousePressed", "mouseReleased"] {
            try browser.send("Input.dispatchMouseEvent", ["type": type, "x": screen.x, "y": screen.y, "button": "left", "clickCount": 1], session: session)
        }
        let picked = try #require(try Self.waitFor("document.body.dataset.picked || ''", seconds: 3, browser: browser, session: session))
        #expect(picked.value == expected)
        let panel = try browser.evaluate("document.getElementById('picked').textContent", session: session) as? String ?? ""
        #expect(panel.contains(picked.value) && panel.contains("bounds"), "\(panel)")

        // The debug boxes on, an invited result with a long nickname, and its lints: the README's screenshot.
        _ = try browser.evaluate("""
            (() => {
              document.getElementById('debug').checked = true;
              document.getElementById('nickname').value = '卷王本王今天也在加班的阿May🐮';
              document.getElementById('invited').checked = true;
              document.getElementById('from').value = 'DREM';
              document.getElementById('fromNickname').value = '老板';
              document.getElementById('debug').dispatchEvent(new Event('change'));
              return true;
            })()
            """, session: session)
        let boxed = try #require(try Self.waitFor(digest, differentFrom: back.value, seconds: 10, browser: browser, session: session))
        let generation = try browser.evaluate("document.body.dataset.generation", session: session) as? String
        let linted = try Self.waitFor("document.body.dataset.lintsGeneration === '\(generation ?? "")' ? 'yes' : ''", seconds: 10,
                                      browser: browser, session: session)
        #expect(linted != nil, "the lints never followed the poster")
        #expect(try browser.evaluate("document.body.dataset.digest", session: session) as? String == boxed.value)
        if let folder = ProcessInfo.processInfo.environment["NMTI_SCREENSHOT_DIR"] {
            try browser.screenshot(session: session).write(to: URL(fileURLWithPath: folder).appendingPathComponent("studio.png"))
        }
    }

    static func size(_ element: [String: Any]) -> Double {
        ((element["lines"] as? [[String: Any]])?.compactMap { $0["fontSize"] as? Double }.max()) ?? 0
    }
}
