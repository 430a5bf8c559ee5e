import NMTIDomain
import Testing
@testable import PosterKit

/// `{name|12}`, `{name|upper}`, `{name|lower}` and `{name ?? default}`.
@Suite struct TemplateFilterTests {
    func values(nickname: String?, inviter: String? = nil) -> BindingValues {
        BindingValues(ResolvedResult(QuizResult(
            scores: DimensionScores(c: 6, s: -3, e: 2, a: -5), pack: .workplace, nickname: nickname,
            fromCode: inviter == nil ? nil : PersonalityCode("PRED"), fromNickname: inviter)))
    }

    func render(_ source: String, _ values: BindingValues) throws -> String {
        try Template.parse(source).get().render(values)
    }

    @Test func cutsToCharactersWithTheEnginesEllipsis() throws {
        #expect(try render("{nickname|6}", values(nickname: "打工人小王")) == "打工人小王")
        #expect(try render("{nickname|6}", values(nickname: "打工人小王今天也在加班")) == "打工人小……")
        #expect(try render("{nickname|8}", values(nickname: "Alexander Hamilton")) == "Alexand…")
        // A cut never ends on a separator, as a text cut for fit does.
        #expect(try render("{nickname|6}", values(nickname: "一二三、四五六七")) == "一二三……")
    }

    @Test func emojiStayWhole() throws {
        let family = "👨‍👩‍👧‍👦"
        let cut = try render("{nickname|4}", values(nickname: String(repeating: family, count: 6)))
        #expect(cut == String(repeating: family, count: 3) + "…")
        #expect(cut.count <= 4)
    }

    @Test func neverLongerThanTheLimitEvenWithClosers() throws {
        let cut = try render("{nickname|9}", values(nickname: "「打工人的一天从摸鱼开始」"))
        #expect(cut.count <= 9)
        #expect(cut.hasSuffix("」"))
    }

    @Test func hostileValuesAreCutQuickly() throws {
        // Openers everywhere make the cut close brackets; a huge value is read only as far as the cut.
        let nickname = String(repeating: "「摸鱼（a", count: 12_000)
        let start = ContinuousClock.now
        let cut = try render("{nickname|2000}", values(nickname: nickname))
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(cut.count <= 2000)
        #expect(cut.contains("……"))
    }

    @Test func fallbackAppliesWhenEmptyAfterFilters() throws {
        #expect(try render("{nickname ?? 匿名牛马}", values(nickname: nil)) == "匿名牛马")
        #expect(try render("{nickname ?? 匿名牛马}", values(nickname: "小王")) == "小王")
        #expect(try render("@{inviter.nickname|4 ?? 神秘人}", values(nickname: nil, inviter: "老板老板老板")) == "@老板……")
        #expect(try render("{inviter.nickname ?? 神秘人}", values(nickname: nil, inviter: nil)) == "神秘人")
        // The default is printed as written: no filters, no placeholders.
        #expect(try render("{nickname|upper ?? anon}", values(nickname: nil)) == "anon")
    }

    @Test func changesLatinCaseOnly() throws {
        let template = try Template.parse("{code|lower} {nickname|upper}").get()
        let text = template.render(values(nickname: "Zoë 小王 ß ｋｅｎ"))
        #expect(text == "poem ZOË 小王 ß ＫＥＮ")
    }

    @Test func filtersChainLeftToRight() throws {
        #expect(try render("{nickname|upper|5}", values(nickname: "abcdefgh")) == "ABCD…")
        #expect(try render("{nickname|5|lower}", values(nickname: "ABCDEFGH")) == "abcd…")
    }

    @Test func reportsUnknownFiltersWithASuggestion() {
        guard case .failure(let error) = Template.parse("{alias|uper}") else {
            Issue.record("parsed")
            return
        }
        #expect(error.message.contains("unknown filter 'uper' in {alias|uper}; did you mean 'upper'?"))
    }

    @Test(arguments: ["{nickname|2}", "{nickname|0}", "{nickname|}", "{nickname ??}", "{nickname ?? {title}}", "{|12}"])
    func rejectsMalformedFilters(source: String) {
        guard case .failure = Template.parse(source) else {
            Issue.record("\(source) parsed")
            return
        }
    }

    @Test func expansionCountsFiltersAndDefaults() throws {
        let lengths = ["code": 4]
        let cut = try Template.parse("{code|3}").get()
        #expect(cut.expandedBytes { lengths[$0] ?? 0 } >= 4)
        let fallback = try Template.parse("{nickname ?? 一个很长的默认}").get()
        #expect(fallback.expandedBytes { _ in 0 } == "一个很长的默认".utf8.count)
        let doubled = try Template.parse("{x|12}").get()
        #expect(doubled.expandedBytes { _ in Int.max } == Int.max)
    }

    @Test func characterBoundCountsACutUserField() throws {
        let user = BindingDescriptor.userTextNames
        let none = values(nickname: nil)
        #expect(try Template.parse("你好{nickname}").get().maximumCharacters(none, unbounded: user) == nil)
        #expect(try Template.parse("你好{nickname|12}").get().maximumCharacters(none, unbounded: user) == 14)
        #expect(try Template.parse("{nickname|3 ?? 匿名牛马}").get().maximumCharacters(none, unbounded: user) == 4)
    }
}
