import NMTIDomain
import Testing
@testable import PosterKit

/// Variable expansion is bounded: lengths are computed at load without building
/// the text, over-long variables and bound texts are refused with their path, and
/// a bind cannot grow past `Template.maximumRenderedBytes` even from user data.
@Suite struct ExpansionBoundTests {
    /// `a` then `v1 … vN`, each twice the one before, and a text using `vN`.
    func doubling(_ steps: Int, text: String? = nil) -> String {
        var lines = [#"a: "xxxxxxxx","#]
        var previous = "a"
        for step in 1...steps {
            lines.append("v\(step): \"{\(previous)}{\(previous)}\",")
            previous = "v\(step)"
        }
        return "{ variables: { \(lines.joined(separator: " ")) }, elements: [ { type: \"text\", text: \"\(text ?? "{\(previous)}")\" } ] }"
    }

    @Test func aDoublingChainIsRefusedAtTheFirstVariableOverTheLimit() throws {
        // 2^60 copies would never finish; only v12 (32 KiB) is reported, not v13 … v60.
        let errors = try loadErrors(doubling(60))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.path.description == "variables.v12")
        #expect(errors.first?.message.contains("expands to 32768 bytes") == true)
        #expect(errors.first?.location != nil)
    }

    @Test func aVariableAtTheLimitLoadsAndBindsToItsComputedLength() throws {
        let folder = try makeTheme(doubling(11))
        let theme = try Theme.load(from: folder)
        let values = theme.bind(ResolvedResult(QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), pack: .student)))
        #expect(values["v11"].utf8.count == ThemeLimits.maximumExpandedBytes)
    }

    @Test func aTextUsingALongVariableTwiceIsRefused() throws {
        let errors = try loadErrors(doubling(11, text: "{v11}{v11}"))
        #expect(errors.map(\.path.description) == ["elements[0].text"], "\(errors)")
        #expect(errors.first?.message.contains("expands to 32768 bytes") == true)
    }

    @Test func perVariantOverridesAreMeasuredForTheirVariant() throws {
        let long = String(repeating: "长", count: 6000)  // 18,000 bytes, only for HEXA
        let errors = try loadErrors(
            "{ variables: { t: { default: \"x\", byCode: { HEXA: \"\(long)\" } } }, elements: [ { type: \"text\", text: \"{t}\" } ] }")
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("expands to 18000 bytes") == true, "\(errors)")
        #expect(errors.first?.message.contains(Personality.find("HEXA")!.code.rawValue) == true, "\(errors)")
    }

    @Test func renderingStopsAtTheCapEvenForRepeatedUserFields() throws {
        let nickname = String(repeating: "名", count: 20_000)  // 60,000 bytes
        let values = BindingValues(ResolvedResult(QuizResult(
            scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), pack: .student, nickname: nickname)))
        let template = try Template.parse(String(repeating: "{nickname}", count: 100)).get()
        let text = template.render(values)
        #expect(text.utf8.count <= Template.maximumRenderedBytes)
        #expect(text.utf8.count > Template.maximumRenderedBytes - 4)
        #expect(text.allSatisfy { $0 == "名" })
    }
}
