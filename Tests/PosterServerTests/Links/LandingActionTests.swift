import Foundation
import NMTIDomain
import PosterKit
import Testing
import TestSupport
@testable import PosterLinks

/// What the landing pages lead to: the square thumbnail first, the main button (the
/// quiz carrying the invite; on a reply, the inviter's invite for a third friend), and
/// words that are true for whoever reads them.
@Suite struct LandingActionTests {
    static let base = LandingPageTests.base
    static let quiz = "https://quiz.example/h5?src=poster"

    static func page(_ server: ServerProcess, _ link: NMTILink, signed: Bool = true) throws -> String {
        let page = try Curl.request(server.url(try LinkFixtures.target(link, base: base, signed: signed)))
        #expect(page.status == 200)
        return page.text
    }

    /// The inviter's own invite in the web form, signed as a verified reply's would be.
    static var inviterInvite: String {
        get throws {
            guard case .reply(let pack, _, let inviter) = LinkFixtures.reply else { return "" }
            let invite = NMTILink.invite(pack: pack, sender: inviter)
            return invite.url(form: .web(try LinkBase(base)), signature: LinkFixtures.signer.signature(for: invite))
        }
    }

    @Test func theQuizButtonCarriesTheInviteAndTheFirstImageIsASquareThumbnail() throws {
        let (server, cleanup) = try LandingPageTests.server(["--quiz-url", Self.quiz])
        defer { cleanup() }
        for (link, kind) in [(LinkFixtures.invite, "i"), (LinkFixtures.reply, "r")] {
            let html = try Self.page(server, link)
            // The first <img> is the thumbnail, square and 500 px: the thumb format of the page's theme.
            let first = try #require(html.range(of: "<img ")).upperBound
            #expect(html[first...].hasPrefix("class=\"thumb\" id=\"thumb\""), "\(kind): the first image is not the thumbnail")
            #expect(LinkFixtures.attribute("width", after: "id=\"thumb\"", in: html) == "500")
            #expect(LinkFixtures.attribute("height", after: "id=\"thumb\"", in: html) == "500")
            let src = try #require(LinkFixtures.attribute("src", after: "id=\"thumb\"", in: html))
            let pageTheme = kind == "i" ? "classic" : "pair"
            #expect(src.hasPrefix(Self.base + "v1/links/\(kind)/\(pageTheme).png?") && src.contains("&format=thumb&"), "\(src)")
            let image = try Curl.request(LandingPageTests.local(server, src))
            #expect(image.status == 200 && LandingPageTests.size(image.body) == (500, 500), "\(kind): \(image.status)")
            // og:image is the card format of the same theme, 1200 x 630.
            let card = try #require(LinkFixtures.meta("og:image", in: html))
            #expect(card.hasPrefix(Self.base + "v1/links/\(kind)/\(pageTheme).png?") && card.contains("&format=card&"), "\(card)")
            #expect(LinkFixtures.meta("og:image:width", in: html) == "1200" && LinkFixtures.meta("og:image:height", in: html) == "630")
            let preview = try Curl.request(LandingPageTests.local(server, card))
            #expect(preview.status == 200 && LandingPageTests.size(preview.body) == (1200, 630), "\(kind): \(preview.status)")
            // The main button comes before "open in the app", which stays as the second action.
            let main = try #require(html.range(of: "id=\"main-action\""))
            let app = try #require(html.range(of: "id=\"open-app\""))
            #expect(main.lowerBound < app.lowerBound)
            #expect(html.contains("<a class=\"button secondary\" id=\"open-app\""))
        }
        // The invite page: the quiz, with the whole invite link as one parameter after the quiz's own query.
        let invite = try Self.page(server, LinkFixtures.invite)
        let pageURL = try #require(LinkFixtures.meta("og:url", in: invite))
        #expect(LinkFixtures.attribute("href", after: "id=\"main-action\"", in: invite) == Self.quiz + "&nmti_invite=" + PercentEncoding.encode(pageURL))
        #expect(LinkFixtures.attribute("href", after: "id=\"open-app\"", in: invite)?.hasPrefix("nmti://invite?") == true)
        // The reply page: the quiz carrying the inviter's own invite, signed, for a third friend.
        let reply = try Self.page(server, LinkFixtures.reply)
        #expect(LinkFixtures.attribute("href", after: "id=\"main-action\"", in: reply) == Self.quiz + "&nmti_invite=" + PercentEncoding.encode(try Self.inviterInvite))
        #expect(reply.contains(">再找一个朋友测</a>"))
        // An unverified reply passes on an unsigned invite without the nickname.
        let unsigned = try Self.page(server, LinkFixtures.reply, signed: false)
        let onward = try #require(LinkFixtures.attribute("href", after: "id=\"main-action\"", in: unsigned))
        #expect(onward == Self.quiz + "&nmti_invite=" + PercentEncoding.encode("https://nmti.example/nmti/i?v=6.-3.2.-5"))
    }

    @Test func withoutAQuizURLTheInvitePageLeadsIntoTheAppAndTheReplyToTheInvitePage() throws {
        let (server, cleanup) = try LandingPageTests.server()
        defer { cleanup() }
        let invite = try Self.page(server, LinkFixtures.invite)
        #expect(!invite.contains("main-action"))
        #expect(invite.contains("<a class=\"button primary\" id=\"open-app\" href=\"nmti://invite?"))
        #expect(invite.contains("在 App 里测完，就能和小王"))
        let reply = try Self.page(server, LinkFixtures.reply)
        let onward = try #require(LinkFixtures.attribute("href", after: "id=\"main-action\"", in: reply))
        #expect(onward == (try Self.inviterInvite))
        let next = try Curl.request(LandingPageTests.local(server, onward))
        #expect(next.status == 200 && LinkFixtures.meta("og:title", in: next.text) == "小王邀请你测一测：你是哪种牛马？")
    }

    /// An invite page is read by the inviter's friend: 你 is that friend. A reply page is
    /// read by the inviter or anyone they share it with: it says 你 to nobody.
    @Test func everySentenceIsTrueForItsReader() throws {
        let (server, cleanup) = try LandingPageTests.server(["--quiz-url", Self.quiz])
        defer { cleanup() }
        let invite = try Self.page(server, LinkFixtures.invite, signed: false)
        #expect(LinkFixtures.meta("og:title", in: invite) == "TA邀请你测一测：你是哪种做题家？")
        #expect(invite.contains("<h1>TA是「"))
        #expect(invite.contains(">测测你是哪种做题家</a>"))
        #expect(invite.contains(">测完就能和TA比一比：你们俩是哪种相处模式</p>"))
        #expect(!invite.contains("好友"))
        for signed in [true, false] {
            let reply = try Self.page(server, LinkFixtures.reply, signed: signed)
            #expect(!reply.contains("你"), "a reply page said 你 (signed: \(signed))")
            #expect(reply.contains(signed ? "<h1>阿May × 小王：" : "<h1>好友 × 邀请人："))
            #expect(reply.contains(">转发给下一个朋友：TA测完，也能和\(signed ? "小王" : "邀请人")比一比</p>"))
        }
    }
}
