import Foundation
import NMTIDomain
import PosterKit
import Testing

/// The landing page in a real browser: headless Chromium loads it from a server on
/// 127.0.0.1, and the test reads what the page shows. Fails (does not skip) when
/// Chromium is missing. `NMTI_SCREENSHOT_DIR`, when set, keeps the screenshots.
@Suite(.serialized) struct LandingBrowserTests {
    static let wechat = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN"

    /// What the page reports about itself once loaded.
    static let measure = """
        (() => {
          const img = document.getElementById('poster');
          const meta = n => (document.querySelector(`meta[property="${n}"],meta[name="${n}"]`) || {}).content || null;
          const box = img.getBoundingClientRect();
          return JSON.stringify({
            complete: img.complete, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
            shownWidth: Math.round(box.width), shownHeight: Math.round(box.height),
            ogTitle: meta('og:title'), ogDescription: meta('og:description'), ogImage: meta('og:image'), ogUrl: meta('og:url'),
            twitterCard: meta('twitter:card'), title: document.title,
            hint: getComputedStyle(document.getElementById('wechat-hint')).display,
            open: document.getElementById('open-app').getAttribute('href')
          });
        })()
        """

    /// Draws a PNG onto a canvas in a blank page and counts its colours (each channel
    /// cut to 4 bits) and the share of pixels unlike the top-left one.
    static func colours(_ png: Data, browser: Chromium) throws -> (distinct: Int, unlikeCorner: Double) {
        let session = try browser.newPage()
        let script = """
            new Promise((resolve, reject) => {
              const img = new Image();
              img.onload = () => {
                const canvas = document.createElement('canvas');
                canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
                const context = canvas.getContext('2d');
                context.drawImage(img, 0, 0);
                const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
                const seen = new Set(); let unlike = 0;
                for (let i = 0; i < data.length; i += 4) {
                  seen.add((data[i] >> 4) << 8 | (data[i + 1] >> 4) << 4 | (data[i + 2] >> 4));
                  if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 24) unlike++;
                }
                resolve(JSON.stringify({ distinct: seen.size, unlike: unlike / (data.length / 4) }));
              };
              img.onerror = () => reject(new Error('the screenshot does not decode'));
              img.src = 'data:image/png;base64,\(png.base64EncodedString())';
            })
            """
        let value = try #require(try browser.evaluate(script, session: session) as? String)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String: Any])
        return (object["distinct"] as? Int ?? 0, object["unlike"] as? Double ?? 0)
    }

    /// Loads `url` in a fresh page with a viewport and user agent; the page's report and a screenshot.
    static func visit(_ url: String, _ browser: Chromium, width: Int, height: Int, mobile: Bool, userAgent: String? = nil) throws -> ([String: Any], Data) {
        let session = try browser.newPage()
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": mobile ? 2 : 1, "mobile": mobile], session: session)
        if let userAgent { try browser.send("Emulation.setUserAgentOverride", ["userAgent": userAgent], session: session) }
        try browser.load(url, session: session)
        let text = try #require(try browser.evaluate(measure, session: session) as? String)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (report, try browser.screenshot(session: session))
    }

    static func keep(_ png: Data, _ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["NMTI_SCREENSHOT_DIR"] else { return }
        try? png.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    @Test func chromiumShowsTheLandingPageWithItsPoster() throws {
        let themes = try LinkFixtures.themes()
        let key = try LinkFixtures.keyFile()
        defer {
            try? FileManager.default.removeItem(at: themes)
            try? FileManager.default.removeItem(at: key)
        }
        let server = try ServerProcess(["--themes", themes.path, "--workers", "1", "--link-key-file", key.path])
        defer { server.stop() }
        let browser = try Chromium()
        defer { browser.quit() }
        let origin = server.url("/")

        let reply = server.url(try LinkFixtures.target(LinkFixtures.reply, base: origin))
        let (phone, phoneShot) = try Self.visit(reply, browser, width: 390, height: 844, mobile: true)
        #expect(phone["complete"] as? Bool == true)
        #expect(phone["naturalWidth"] as? Int == 750, "\(phone)")
        #expect(phone["naturalHeight"] as? Int == 1334, "\(phone)")
        #expect(phone["shownWidth"] as? Int == 350, "the poster fills the phone's column: \(phone)")
        #expect((phone["ogTitle"] as? String)?.hasPrefix("阿May × 小王") == true, "\(phone)")
        #expect((phone["ogImage"] as? String)?.hasPrefix(origin + "v1/links/r/pair.png?") == true)
        #expect((phone["ogImage"] as? String)?.contains("&format=card&") == true)
        #expect(phone["ogUrl"] as? String == LinkFixtures.reply.url(form: .web(try LinkBase(origin)), signature: LinkFixtures.signer.signature(for: LinkFixtures.reply)))
        #expect(phone["twitterCard"] as? String == "summary_large_image")
        #expect((phone["ogDescription"] as? String)?.isEmpty == false)
        #expect((phone["open"] as? String)?.hasPrefix("nmti://reply?") == true)
        #expect(phone["hint"] as? String == "none")
        Self.keep(phoneShot, "landing-phone.png")
        let phoneColours = try Self.colours(phoneShot, browser: browser)
        #expect(phoneColours.distinct > 100 && phoneColours.unlikeCorner > 0.2, "the screenshot looks blank: \(phoneColours)")

        // Inside WeChat the hint shows; a desktop window keeps the poster at its design width.
        let invite = server.url(try LinkFixtures.target(LinkFixtures.invite, base: origin))
        let (desktop, desktopShot) = try Self.visit(invite, browser, width: 1280, height: 900, mobile: false, userAgent: Self.wechat)
        #expect(desktop["naturalWidth"] as? Int == 750 && desktop["naturalHeight"] as? Int == 1334, "\(desktop)")
        #expect(desktop["shownWidth"] as? Int == 375, "\(desktop)")
        #expect(desktop["hint"] as? String == "block", "\(desktop)")
        #expect((desktop["title"] as? String)?.contains("小王" + LinkFixtures.hostile) == true, "\(desktop)")
        Self.keep(desktopShot, "landing-desktop-wechat.png")
        let desktopColours = try Self.colours(desktopShot, browser: browser)
        #expect(desktopColours.distinct > 100 && desktopColours.unlikeCorner > 0.1, "the screenshot looks blank: \(desktopColours)")
    }
}
