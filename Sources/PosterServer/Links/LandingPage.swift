import Foundation
import NMTIDomain
import PosterHashing

/// The HTML page a web link opens when the app is not installed. Its first image is
/// the square thumbnail (the page theme's `thumb` format), which WeChat takes as the
/// picture of a shared page; then the headline, the main button (an invite page: the
/// quiz, carrying the invite; a reply page: the inviter's invite, for a third friend),
/// "open in the app", and the poster (for a reply, the pairing poster) from the
/// service's link image endpoint; and the preview meta tags (`og:*`, `twitter:*`) with
/// the card image (the page theme's `card` format).
/// Without a quiz URL an invite page's main button is "open in the app".
///
/// Everything in it is a function of the checked link, the service's base, its
/// themes and its quiz URL, so the page is the same for every client (no `Vary`).
/// The WeChat hint beside "open in the app" (WeChat opens no app from a page) is in
/// every page and shown by a one-line script when the user agent says `MicroMessenger`;
/// the main button needs no hint, as the quiz page opens inside WeChat. Every string
/// that comes from the link is escaped.
struct LandingPage {
    /// An image the page refers to: its absolute URL and its size in pixels.
    struct Image {
        let url: String
        let width: Int
        let height: Int
    }

    let link: NMTILink
    /// The page's own URL (`og:url`, `rel=canonical`): the link in the web form.
    let pageURL: String
    /// The `nmti://` form of the link, for the "open in the app" button.
    let appURL: String
    /// Where the main button goes: the quiz URL carrying the invite, or for a reply
    /// without a quiz URL the inviter's invite page; nil makes "open in the app" the main button.
    let actionURL: String?
    let thumb: Image
    let poster: Image
    let card: Image

    /// The script that shows the WeChat hint; the Content-Security-Policy allows exactly it.
    static let script = "if(/MicroMessenger/i.test(navigator.userAgent))document.documentElement.classList.add('wechat');"

    /// `Content-Security-Policy`: nothing but the page's own style, its one script and images from `origin`.
    static func contentSecurityPolicy(imageOrigin origin: String) -> String {
        let hash = Data(SHA256.digest(Array(script.utf8))).base64EncodedString()
        return "default-src 'none'; img-src \(origin); style-src 'unsafe-inline'; script-src 'sha256-\(hash)'; base-uri 'none'; form-action 'none'"
    }

    /// The page as UTF-8 bytes.
    var html: [UInt8] {
        let copy = LandingCopy(link, hasQuiz: actionURL != nil)
        let e = HTMLText.escape
        let meta = [
            ("name", "description", copy.description),
            ("property", "og:type", "website"),
            ("property", "og:site_name", "NMTI"),
            ("property", "og:title", copy.title),
            ("property", "og:description", copy.description),
            ("property", "og:url", pageURL),
            ("property", "og:image", card.url),
            ("property", "og:image:width", String(card.width)),
            ("property", "og:image:height", String(card.height)),
            ("property", "og:image:alt", copy.title),
            ("name", "twitter:card", "summary_large_image"),
            ("name", "twitter:title", copy.title),
            ("name", "twitter:description", copy.description),
            ("name", "twitter:image", card.url),
        ].map { "<meta \($0.0)=\"\($0.1)\" content=\"\(e($0.2))\">" }.joined(separator: "\n")
        let text = """
            <!doctype html>
            <html lang="zh-CN">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="theme-color" content="#F4EFE6">
            <title>\(e(copy.title))</title>
            \(meta)
            <link rel="canonical" href="\(e(pageURL))">
            <style>\(Self.style)</style>
            <script>\(Self.script)</script>
            </head>
            <body>
            <main>
            <p class="kicker">\(e(copy.kicker))</p>
            <img class="thumb" id="thumb" src="\(e(thumb.url))" width="\(thumb.width)" height="\(thumb.height)" alt="\(e(copy.thumbAlt))">
            <h1>\(e(copy.headline))</h1>
            <p class="lede">\(e(copy.lede))</p>
            \(actions(copy))
            <figure class="poster"><img id="poster" src="\(e(poster.url))" width="\(poster.width)" height="\(poster.height)" alt="\(e(copy.imageAlt))"></figure>
            \(actionURL.map { "<a class=\"button primary\" href=\"\(e($0))\">\(e(copy.action))</a>" } ?? "")
            </main>
            </body>
            </html>

            """
        return Array(text.utf8)
    }

    /// The buttons under the headline: the main one with its note, then "open in the
    /// app" with the WeChat hint (or, without a main action, "open in the app" as the main one).
    private func actions(_ copy: LandingCopy) -> String {
        let e = HTMLText.escape
        let hint = "<p class=\"wechat-hint\" id=\"wechat-hint\" role=\"note\">\(e(LandingCopy.wechatHint))</p>"
        let note = "<p class=\"note\" id=\"action-note\">\(e(copy.actionNote))</p>"
        guard let actionURL else {
            return "<a class=\"button primary\" id=\"open-app\" href=\"\(e(appURL))\">\(e(LandingCopy.openApp))</a>\n\(hint)\n\(note)"
        }
        return """
            <a class="button primary" id="main-action" href="\(e(actionURL))">\(e(copy.action))</a>
            \(note)
            <a class="button secondary" id="open-app" href="\(e(appURL))">\(e(LandingCopy.openApp))</a>
            \(hint)
            """
    }

    /// Phone first: one column at most 420 px wide. The thumbnail is a badge above the
    /// headline (WeChat reads its intrinsic size, not the shown one), the buttons fit
    /// above the fold of a 390 x 844 phone, and the poster follows at its design width
    /// (half its pixels, as it is drawn at 2x) or the screen's, whichever is smaller.
    static let style = """
        *{box-sizing:border-box}\
        html{background:#F4EFE6;color:#1F1B16;-webkit-text-size-adjust:100%}\
        body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif}\
        main{max-width:420px;margin:0 auto;padding:20px 20px calc(36px + env(safe-area-inset-bottom));text-align:center}\
        .kicker{margin:0 0 12px;font-size:13px;letter-spacing:.08em;color:#6D655A}\
        .thumb{display:block;width:136px;height:136px;margin:0 auto 14px;border-radius:24px;background:#E9E1D4;box-shadow:0 8px 22px rgba(60,40,20,.2)}\
        h1{margin:0 0 6px;font-size:24px;line-height:1.3;font-weight:800;overflow-wrap:anywhere}\
        .lede{margin:0 0 18px;color:#5B5248;overflow-wrap:anywhere}\
        .button{display:block;max-width:350px;margin:0 auto;padding:13px 20px;border-radius:999px;font-size:17px;font-weight:700;text-decoration:none}\
        .primary{background:#DB321A;color:#fff;box-shadow:0 6px 16px rgba(219,50,26,.28)}\
        .primary:active{background:#B8291A}\
        .secondary{margin-top:14px;padding:11px 20px;border:1.5px solid #CFC4B4;color:#1F1B16;font-size:15px;font-weight:600}\
        .note{max-width:350px;margin:8px auto 0;font-size:13px;line-height:1.5;color:#6D655A;overflow-wrap:anywhere}\
        .wechat-hint{display:none;width:fit-content;max-width:350px;margin:10px auto 0;padding:5px 12px;border-radius:10px;background:#E9E1D4;font-size:13px;line-height:1.5;color:#3A332B}\
        .wechat .wechat-hint{display:block}\
        .poster{margin:26px auto 22px;max-width:375px}\
        .poster img{display:block;width:100%;height:auto;border-radius:14px;background:#E9E1D4;box-shadow:0 10px 30px rgba(60,40,20,.18)}\
        @media (min-width:700px){main{padding-top:48px}}
        """
}
