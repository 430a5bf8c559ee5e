import NMTIDomain

/// The words of a landing page, from a checked link: the page title, the preview
/// description and the headline. Nicknames appear only if the checked link kept
/// them (its signature verified); otherwise the people are "好友" and "邀请人".
/// Plain text: the page escapes it.
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
    /// The call to action under the poster, for people without the app.
    let callToAction: String

    init(_ link: NMTILink) {
        let noun = link.pack == .student ? "做题家" : "牛马"
        let quiz = "NMTI \(link.pack == .student ? "做题家版" : "牛马人格测试")"
        let sender = Personality.of(link.sender.code)
        callToAction = "没装 App？长按保存海报，发给朋友一起测"
        switch link {
        case .invite(_, let person):
            let name = person.nickname ?? "好友"
            title = "\(name)邀请你测一测：你是哪种\(noun)？"
            description = "\(name)是「\(sender.title)」\(sender.code.rawValue)：\(sender.copy(for: link.pack).slogan)。测测你是哪种\(noun)，看看你们怎么相处。"
            kicker = quiz
            headline = "\(name)是「\(sender.title)」"
            lede = sender.copy(for: link.pack).slogan
            imageAlt = "\(name)的 NMTI 海报：\(sender.title) \(sender.code.rawValue)"
        case .reply(_, let person, let inviter):
            let name = person.nickname ?? "好友"
            let inviterName = inviter.nickname ?? "邀请人"
            let theirs = Personality.of(inviter.code)
            let pairing = sender.pairing(with: theirs)
            title = "\(name) × \(inviterName)：\(pairing.label)"
            description = "\(name)是「\(sender.title)」\(sender.code.rawValue)，\(inviterName)是「\(theirs.title)」\(theirs.code.rawValue)。相处模式：\(pairing.label)。"
            kicker = "\(quiz) · 相处模式"
            headline = "\(name) × \(inviterName)：\(pairing.label)"
            lede = "\(name)是「\(sender.title)」，\(inviterName)是「\(theirs.title)」"  // the pairing's line speaks to the invitee
            imageAlt = "\(name)和\(inviterName)的相处模式海报：\(sender.title) × \(theirs.title)，\(pairing.label)"
        }
    }
}
