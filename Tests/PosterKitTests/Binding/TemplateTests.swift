import NMTIDomain
import Testing
@testable import PosterKit

@Suite struct TemplateTests {
    let values = BindingValues(ResolvedResult(QuizResult(
        scores: DimensionScores(c: 6, s: -3, e: 2, a: -5), pack: .student, nickname: "小王",
        fromCode: PersonalityCode("PRED"), fromNickname: "老李")))

    @Test func replacesPlaceholdersAndKeepsEscapedBraces() throws {
        let template = try Template.parse("{{你好}} {nickname}，你是{code}（{title}）").get()
        #expect(template.names == ["nickname", "code", "title"])
        #expect(template.render(values) == "{你好} 小王，你是POEM（\(Personality.find("POEM")!.title)）")
    }

    @Test func bindsEveryBuiltInName() {
        for descriptor in BindingDescriptor.builtIn {
            #expect(values.values[descriptor.name] != nil, "no value for \(descriptor.name)")
        }
        #expect(values["pack"] == "student")
        #expect(values["packName"] == "做题家版")
        #expect(values["inviter.code"] == "PRED")
        #expect(values["linkKind"] == "reply")
        #expect(values["link"].hasPrefix("nmti://reply?pack=student&from=POEM&scores=6.-3.2.-5&to=PRED"))
        #expect(values["score.a"] == "-5")
        #expect(values["pole.c"] == "卷王")
        #expect(values.isTruthy("invited"))
    }

    @Test(arguments: ["{title", "title}", "{ti tle}", "{}", "{a{b}"])
    func rejectsMalformedTemplates(source: String) {
        guard case .failure = Template.parse(source) else {
            Issue.record("\(source) parsed")
            return
        }
    }
}

@Suite struct ConditionTests {
    func values(pack: QuizPack, invited: Bool, nickname: String?) -> BindingValues {
        BindingValues(ResolvedResult(QuizResult(
            scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), pack: pack, nickname: nickname,
            fromCode: invited ? PersonalityCode("DOOM") : nil)))
    }

    @Test func evaluatesTheGrammar() throws {
        let student = values(pack: .student, invited: true, nickname: nil)
        let workplace = values(pack: .workplace, invited: false, nickname: "Ken")
        let cases: [(String, Bool, Bool)] = [
            ("invited", true, false), ("!invited", false, true), ("not invited", false, true),
            ("nickname", false, true), ("pack == student", true, false), ("pack != 'student'", false, true),
            ("invited && pack == \"student\"", true, false), ("invited || nickname", true, true),
            ("!(invited or nickname)", false, false), ("invited and not nickname", true, false),
        ]
        for (source, expectStudent, expectWorkplace) in cases {
            let condition = try Condition.parse(source).get()
            #expect(condition.evaluate(student) == expectStudent, "\(source) on student")
            #expect(condition.evaluate(workplace) == expectWorkplace, "\(source) on workplace")
        }
    }

    @Test(arguments: ["", "&&", "invited &&", "(invited", "pack ==", "pack == 'x", "invited)", "a b",
                      String(repeating: "(", count: 40) + "invited" + String(repeating: ")", count: 40),
                      String(repeating: "!", count: 40) + "invited"])
    func rejectsMalformedConditions(source: String) {
        guard case .failure(let error) = Condition.parse(source) else {
            Issue.record("\(source) parsed")
            return
        }
        #expect(error.message.contains("condition"))
    }
}
