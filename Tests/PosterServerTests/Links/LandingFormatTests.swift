import Foundation
import Testing

/// Where a landing page's thumbnail and card come from when its theme ships no `thumb`
/// or `card` format (the page's own formats and the default theme's fallback are in
/// LandingActionTests and LinkRouteTests): with the default theme not loaded either,
/// the page's theme in its default format, at that format's size; and when the page's
/// theme is not loaded at all, the image is a 404 while the page still works.
@Suite struct LandingFormatTests {
    static let base = LandingPageTests.base

    /// A pairing theme of one layout, no formats.
    static let plain = """
        { format: 1, name: "plain", canvas: { width: 375, height: 667, background: "#FFFFFF" },
          elements: [ { type: "text", x: 24, y: 24, width: 327, text: "{title}", size: 24, color: "#000000" } ] }
        """

    @Test func aThemeWithoutThumbAndCardFormatsFallsBackToItsPoster() throws {
        let themes = try LinkFixtures.themes(without: ["classic", "pair"], extra: ["plain": Self.plain])
        let key = try LinkFixtures.keyFile()
        defer {
            try? FileManager.default.removeItem(at: themes)
            try? FileManager.default.removeItem(at: key)
        }
        let server = try ServerProcess(["--themes", themes.path, "--workers", "1", "--link-base", Self.base,
                                        "--link-key-file", key.path, "--pair-theme", "plain"])
        defer { server.stop() }

        // A reply page shows `plain`, which ships only its poster: thumbnail and card are that poster.
        let reply = try Curl.request(server.url(try LinkFixtures.target(LinkFixtures.reply, base: Self.base)))
        #expect(reply.status == 200)
        let thumb = try #require(LinkFixtures.attribute("src", after: "id=\"thumb\"", in: reply.text))
        let card = try #require(LinkFixtures.meta("og:image", in: reply.text))
        let poster = try #require(LinkFixtures.attribute("src", after: "id=\"poster\"", in: reply.text))
        for url in [thumb, card] {
            #expect(url == poster, "no format=, no other theme: \(url)")
        }
        #expect(LinkFixtures.attribute("width", after: "id=\"thumb\"", in: reply.text) == "750")
        #expect(LinkFixtures.meta("og:image:height", in: reply.text) == "1334")
        let image = try Curl.request(LandingPageTests.local(server, thumb))
        #expect(image.status == 200 && LandingPageTests.size(image.body) == (750, 1334))

        // An invite page shows the default theme, which is not loaded: the page works, its
        // images name the thumb and card formats at their standard sizes and are 404s.
        let invite = try Curl.request(server.url(try LinkFixtures.target(LinkFixtures.invite, base: Self.base)))
        #expect(invite.status == 200)
        let missing = try #require(LinkFixtures.attribute("src", after: "id=\"thumb\"", in: invite.text))
        #expect(missing.hasPrefix(Self.base + "v1/links/i/classic.png?") && missing.contains("&format=thumb") && !missing.contains("&d="))
        #expect(LinkFixtures.attribute("width", after: "id=\"thumb\"", in: invite.text) == "500")
        #expect(LinkFixtures.meta("og:image:width", in: invite.text) == "1200")
        let answer = try Curl.request(LandingPageTests.local(server, missing))
        #expect(answer.status == 404 && answer.error?["code"] as? String == "unknown-theme")
    }
}
