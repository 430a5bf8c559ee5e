import Foundation
import Testing

/// `format=` on every image endpoint: each format of a theme is its own image, with its
/// own size, ETag, cache entry and content digest; the default format keeps the ETag it
/// had before formats; a format the theme does not ship is a 400 naming the parameter
/// and the formats it ships, without quoting the request.
@Suite struct FormatParameterTests {
    static let query = "c=6&s=-3&e=2&a=-5&pack=student"

    @Test func eachFormatIsItsOwnImageWithItsOwnETag() throws {
        let server = try ServerProcess(["--workers", "1"])
        defer { server.stop() }
        func get(_ format: String?, _ arguments: [String] = []) throws -> Curl.Response {
            try Curl.request(server.url("/v1/posters/classic.png?\(Self.query)" + (format.map { "&format=\($0)" } ?? "")), arguments)
        }
        let poster = try get(nil), named = try get("poster"), thumb = try get("thumb"), card = try get("card")
        for response in [poster, named, thumb, card] { #expect(response.status == 200 && response.headers["content-type"] == "image/png") }
        #expect(LandingPageTests.size(poster.body) == (750, 1334))
        #expect(LandingPageTests.size(thumb.body) == (500, 500))
        #expect(LandingPageTests.size(card.body) == (1200, 630))
        // Spelling out the default format names the same poster: the same bytes and ETag.
        #expect(named.body == poster.body && named.headers["etag"] == poster.headers["etag"])
        let tags = [poster, thumb, card].compactMap { $0.headers["etag"] }
        #expect(Set(tags).count == 3, "\(tags)")

        // The ETag is the format's: it revalidates its own format only.
        let thumbTag = try #require(thumb.headers["etag"])
        #expect(try get("thumb", ["-H", "If-None-Match: \(thumbTag)"]).status == 304)
        #expect(try get("card", ["-H", "If-None-Match: \(thumbTag)"]).status == 200)
        #expect(try get(nil, ["-H", "If-None-Match: \(thumbTag)"]).status == 200)
        // A second request is a cache hit of that format's bytes.
        #expect(try get("thumb").body == thumb.body)

        // The content digest (v=) is the format's own.
        let digest = String(thumbTag.dropFirst().dropLast())
        let addressed = try get("thumb&v=\(digest)")
        #expect(addressed.status == 200 && addressed.headers["cache-control"] == "public, max-age=31536000, immutable")
        let wrong = try get("card&v=\(digest)")
        #expect(wrong.status == 400 && wrong.error?["code"] as? String == "bad-digest")

        // POST /v1/render takes it too, and gives the GET form's bytes and ETag.
        let json = #"{"scores":{"c":6,"s":-3,"e":2,"a":-5},"pack":"student"}"#
        let posted = try Curl.post(server, json, theme: "classic&format=card")
        #expect(posted.status == 200 && posted.body == card.body && posted.headers["etag"] == card.headers["etag"])
    }

    @Test func aFormatTheThemeDoesNotShipIsA400NamingWhatItShips() throws {
        let server = try ServerProcess(["--workers", "1"])
        defer { server.stop() }
        let cases: [(format: String, says: String)] = [
            ("banner", "format: not a format this theme ships; theme 'classic' ships poster, "),
            ("Big%20Card", "format: not a format name (1 to 32 lower-case ASCII letters, digits and '-'); theme 'classic' ships poster, "),
            ("", "format: not a format name"),
            ("all", "format: 'all' means every format, and an image is one; ask for one; theme 'classic' ships poster, "),
        ]
        for (format, says) in cases {
            let urls = [
                "/v1/posters/classic.png?\(Self.query)&format=\(format)",
                "/v1/links/i/classic.png?v=6.-3.2.-5&format=\(format)",
            ]
            for url in urls {
                let answer = try Curl.request(server.url(url))
                #expect(answer.status == 400, "\(url): \(answer.status)")
                #expect(answer.error?["code"] as? String == "unknown-format" && answer.error?["path"] as? String == "format", "\(url)")
                let message = answer.error?["message"] as? String ?? ""
                #expect(message.hasPrefix(says), "\(url): \(message)")
                #expect(format.count < 4 || !message.contains(format.replacingOccurrences(of: "%20", with: " ")), "the value is quoted: \(message)")
            }
            let posted = try Curl.post(server, #"{"scores":{"c":6,"s":-3,"e":2,"a":-5}}"#, theme: "classic&format=\(format)")
            #expect(posted.status == 400 && posted.error?["code"] as? String == "unknown-format")
        }
        // Link posters draw formats too, at the format's size.
        let thumb = try Curl.request(server.url("/v1/links/i/classic.png?v=6.-3.2.-5&format=thumb"))
        #expect(thumb.status == 200 && LandingPageTests.size(thumb.body) == (500, 500))
        // An unknown parameter's message lists format among those the endpoint takes.
        let unknown = try Curl.request(server.url("/v1/posters/classic.png?\(Self.query)&size=2"))
        #expect((unknown.error?["message"] as? String)?.contains("format") == true)
    }
}
