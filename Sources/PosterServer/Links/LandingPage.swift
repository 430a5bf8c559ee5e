import Foundation
import NMTIDomain
import PosterHashing

/// The HTML page a web link opens when the app is not installed: the poster (for a
/// reply, the pairing poster) as an `<img>` from the service's link image endpoint,
/// an "open in the app" link, a hint for WeChat's in-app browser and the preview
/// meta tags (`og:*`, `twitter:*`) with the card image.
///
/// Everything in it is a function of the checked link, the service's base and its
/// themes, so the page is the same for every client (no `Vary`). The WeChat hint is
/// in every page and shown by a one-line script when the user agent says
/// `MicroMessenger`. Every string that comes from the link is escaped.
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
        let copy = LandingCopy(link)
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
            <p class="wechat-hint" id="wechat-hint" role="note">点击右上角 <b>···</b> 选择「在浏览器打开」，<br>就能打开 NMTI App 或在浏览器里继续。</p>
            <main>
            <p class="kicker">\(e(copy.kicker))</p>
            <h1>\(e(copy.headline))</h1>
            <p class="lede">\(e(copy.lede))</p>
            <figure class="poster"><img id="poster" src="\(e(poster.url))" width="\(poster.width)" height="\(poster.height)" alt="\(e(copy.imageAlt))"></figure>
            <a class="open" id="open-app" href="\(e(appURL))">在 App 中打开</a>
            <p class="cta">\(e(copy.callToAction))</p>
            </main>
            </body>
            </html>

            """
        return Array(text.utf8)
    }

    /// Phone first: one column at most 420 px wide, the poster at its design width
    /// (half its pixels, as it is drawn at 2x) or the screen's, whichever is smaller.
    static let style = """
        *{box-sizing:border-box}\
        html{background:#F4EFE6;color:#1F1B16;-webkit-text-size-adjust:100%}\
        body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif}\
        main{max-width:420px;margin:0 auto;padding:28px 20px calc(36px + env(safe-area-inset-bottom));text-align:center}\
        .kicker{margin:0 0 6px;font-size:13px;letter-spacing:.08em;color:#8A7F72}\
        h1{margin:0 0 8px;font-size:24px;line-height:1.3;font-weight:800;overflow-wrap:anywhere}\
        .lede{margin:0 0 20px;color:#5B5248;overflow-wrap:anywhere}\
        .poster{margin:0 auto 22px;max-width:375px}\
        .poster img{display:block;width:100%;height:auto;border-radius:14px;background:#E9E1D4;box-shadow:0 10px 30px rgba(60,40,20,.18)}\
        .open{display:block;max-width:375px;margin:0 auto 12px;padding:14px 20px;border-radius:999px;background:#DB321A;color:#fff;font-weight:700;text-decoration:none}\
        .open:active{background:#B8291A}\
        .cta{margin:0;font-size:14px;color:#8A7F72}\
        .wechat-hint{display:none;margin:0;padding:12px 64px 12px 16px;background:#1F1B16;color:#fff;font-size:14px;line-height:1.5;text-align:left;position:sticky;top:0;z-index:1}\
        .wechat-hint::after{content:"↗";position:absolute;right:18px;top:6px;font-size:30px;line-height:1}\
        .wechat .wechat-hint{display:block}\
        @media (min-width:700px){main{padding-top:48px}}
        """
}
