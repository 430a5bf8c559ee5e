import NMTIDomain

/// The words of a landing page, from a checked link. Plain text: the page escapes it.
///
/// Every sentence is true from the side of whoever reads it, and names people by
/// nickname, never by a 你 that would be someone else:
/// - an invite page is read by a friend of the inviter, so 你 is that friend and the
///   inviter is their nickname, or "TA" when the link shows none;
/// - a reply page is read by the inviter, or by anyone it was shared with, so it has
///   no 你 at all: both people by nickname, or by their roles "好友" (who replied) and
///   "邀请人" (who invited) when the link shows none ("TA" twice could not tell them apart).
///
/// Nicknames appear only if the checked link kept them (its signature verified).
struct LandingCopy {
    /// `<title>`, `og:title` and `twitter:title`.
    let title: String
    /// `description`, `og:description` and `twitter:description`.
    let description: String
    /// The small line above the headline.
    let kicker: String
    /// The headline.
    let headline: String
    /// The line under the headline.
    let lede: String
    /// The poster's alternative text.
    let imageAlt: String
    /// The square thumbnail's alternative text.
    let thumbAlt: String
    /// The main button: take the quiz (an invite page), or pass the inviter's invite on (a reply page).
    let action: String
    /// The line under the page's main button, saying what comes of it.
    let actionNote: String

    /// The "open in the app" button.
    static let openApp = "在 App 中打开"
    /// Next to "open in the app", shown only inside WeChat, which does not open apps from a
    /// page ("这里", not "微信": no page says 微信, the word scams lure with; ErrorEchoTests).
    static let wechatHint = "这里打不开 App：点右上角 ··· 选「在浏览器打开」"

    /// The copy of `link`'s page; `hasQuiz` says whether the service has a quiz URL
    /// (without one, an invite page's main action is "open in the app").
    init(_ link: NMTILink, hasQuiz: Bool) {
        let noun = link.pack == .student ? "做题家" : "牛马"
        let quiz = "NMTI \(link.pack == .student ? "做题家版" : "牛马人格测试")"
        let sender = Personality.of(link.sender.code)
        switch link {
        case .invite(_, let person):
            let name = person.nickname ?? "TA"
            let slogan = sender.copy(for: link.pack).slogan
            title = "\(name)邀请你测一测：你是哪种\(noun)？"
            description = "\(name)是「\(sender.title)」\(sender.code.rawValue)：“\(slogan)”。测测你是哪种\(noun)，看看你们俩怎么相处。"
            kicker = quiz
            headline = "\(name)是「\(sender.title)」"
            lede = "“\(slogan)”"  // the type's motto, in its own voice: quoted
            imageAlt = "\(name)的 NMTI 海报：\(sender.title) \(sender.code.rawValue)"
            thumbAlt = "\(name)的称号：\(sender.title) \(sender.code.rawValue)"
            action = "测测你是哪种\(noun)"
            actionNote = (hasQuiz ? "测完" : "在 App 里测完，") + "就能和\(name)比一比：你们俩是哪种相处模式"
        case .reply(let pack, let person, let inviter):
            let name = person.nickname ?? "好友"
            let inviterName = inviter.nickname ?? "邀请人"
            let theirs = Personality.of(inviter.code)
            let pairing = sender.pairing(with: theirs, pack: pack)
            title = "\(name) × \(inviterName)：\(pairing.label)"
            description = "\(name)是「\(sender.title)」\(sender.code.rawValue)，\(inviterName)是「\(theirs.title)」\(theirs.code.rawValue)。相处模式：\(pairing.label)。"
            kicker = "\(quiz) · 相处模式"
            headline = title
            lede = "\(name)是「\(sender.title)」，\(inviterName)是「\(theirs.title)」"
            imageAlt = "\(name)和\(inviterName)的相处模式海报：\(sender.title) × \(theirs.title)，\(pairing.label)"
            thumbAlt = "\(sender.title) × \(theirs.title)：\(pairing.label)"
            action = "再找一个朋友测"
            actionNote = "转发给下一个朋友：TA测完，也能和\(inviterName)比一比"  // TA: the next friend
        }
    }
}
