import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

/// `BindingDescriptor.builtIn` is the one list of placeholders: docs/themes.md's
/// table and Themes/theme.schema.json's `placeholder` definition must say exactly
/// what it says, in both directions, types included.
@Suite struct PlaceholderDocsTests {
    static let dimensionKeys = Dimension.allCases.map(\.rawValue)

    /// The rows of the "Every placeholder" table: each documented name with its type.
    /// A row ending in `.c` … stands for all four dimensions.
    static func documentedPlaceholders() throws -> [(name: String, type: String)] {
        let text = try String(contentsOf: ThemeSchemaTests.packageRoot.appendingPathComponent("docs/themes.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| placeholder | type | meaning | example |"), "no placeholder table")
        var rows: [(String, String)] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let first = cells[1], type = cells[2]
            var names = first.split(separator: "`").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
            if first.hasSuffix("…"), let one = names.first, one.hasSuffix(".c") {
                names = dimensionKeys.map { one.dropLast() + $0 }
            }
            #expect(!names.isEmpty, "no placeholder in row \(line)")
            rows += names.map { ($0, type) }
        }
        return rows
    }

    @Test func everyDescriptorIsDocumentedWithItsTypeAndNothingElseIs() throws {
        let documented = try Self.documentedPlaceholders()
        let byName = Dictionary(documented.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        #expect(documented.count == byName.count, "a placeholder is documented twice")
        for descriptor in BindingDescriptor.builtIn {
            #expect(byName[descriptor.name] == descriptor.type.name,
                    "{\(descriptor.name)} is a \(descriptor.type.name) but docs/themes.md says \(byName[descriptor.name] ?? "nothing")")
        }
        for (name, _) in documented {
            #expect(BindingDescriptor.byName[name] != nil, "docs/themes.md documents {\(name)}, which does not exist")
        }
        #expect(documented.map(\.name) == BindingDescriptor.builtIn.map(\.name), "docs/themes.md lists the placeholders in another order")
    }

    /// What the schema's `placeholder` definition must hold: one `const` per descriptor, described by type and summary.
    static var expectedSchemaBranches: [[String: String]] {
        BindingDescriptor.builtIn.map { ["const": $0.name, "description": "\($0.type.description): \($0.summary)"] }
    }

    @Test func theSchemaListsEveryPlaceholderWithItsType() throws {
        let schema = try ThemeSchemaTests.loadSchema()
        let placeholder = try ThemeSchemaTests.definition("placeholder", in: schema)
        let branches = try #require(placeholder["anyOf"] as? [[String: Any]])
        let found = branches.map { branch in branch.compactMapValues { $0 as? String } }
        if found != Self.expectedSchemaBranches {
            let data = try JSONSerialization.data(withJSONObject: Self.expectedSchemaBranches, options: [.prettyPrinted, .sortedKeys])
            Issue.record("Themes/theme.schema.json $defs.placeholder.anyOf should be:\n\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test func everyDescriptorBindsAValueOfItsType() {
        let invited = ResolvedResult(QuizResult(
            scores: DimensionScores(c: 6, s: -3, e: 0, a: -5), pack: .student, nickname: "小王",
            fromCode: PersonalityCode("PRED"), fromNickname: "老李"))
        let values = BindingValues(invited)
        for descriptor in BindingDescriptor.builtIn {
            let value = values.values[descriptor.name]
            switch (descriptor.type, value) {
            case (.number, .number?), (.flag, .flag?), (.text, .text?): break
            case (.choice(let options, _), .text(let text)?):
                #expect(options.contains(text), "{\(descriptor.name)} is '\(text)', not one of its choices")
            default:
                Issue.record("{\(descriptor.name)} is a \(descriptor.type.name) but bound \(String(describing: value))")
            }
        }
        let alone = BindingValues(ResolvedResult(QuizResult(scores: DimensionScores(c: 1, s: 1, e: 1, a: 1), pack: .workplace)))
        for name in ["inviter.code", "inviter.alias", "pairing.label"] {
            #expect(alone.values[name] == nil)
            #expect(alone[name] == "")
            guard case .choice(_, let canBeEmpty)? = BindingDescriptor.byName[name]?.type else { continue }
            #expect(canBeEmpty, "{\(name)} is absent without an invite, so its choice must allow empty")
        }
    }
}

/// Typed conditions: numbers compare as numbers, flags as flags, and a comparison
/// that can never hold is a validation error naming the name and its type.
@Suite struct TypedConditionTests {
    let values = BindingValues(ResolvedResult(QuizResult(
        scores: DimensionScores(c: 5, s: -3, e: 0, a: -5), pack: .student, nickname: "0",
        fromCode: PersonalityCode("PRED"))))

    @Test(arguments: [
        ("score.c == 5", true), ("score.c == 05", true), ("score.c >= 5", true), ("score.c > 5", false),
        ("score.s < 0", true), ("score.s <= -3", true), ("score.e", false), ("score.c", true),
        ("invited == true", true), ("invited != false", true), ("invited == false", false),
        ("pack == student", true), ("percent.c > 40 && pack == student", true), ("!(score.a >= -5)", false),
        ("nickname", false), ("nickname != ''", true), ("inviter.code == PRED", true), ("pairing.label", true),
    ])
    func evaluatesByType(source: String, expected: Bool) throws {
        let condition = try Condition.parse(source).get()
        #expect(condition.evaluate(values) == expected, "\(source)")
    }

    @Test(arguments: [
        ("invited == 1", "invited is a flag (true or false), so it never equals '1'; write invited or !invited"),
        ("score.c == high", "score.c is a number, so it never equals 'high'; compare it with a whole number, e.g. score.c >= 50"),
        ("pack == studnet", "pack is never 'studnet' (it is one of workplace, student); did you mean 'student'?"),
        ("pole.c == 卷", "pole.c is never '卷' (it is one of 卷王, 躺平)"),
        ("code == pred", "code is never 'pred' (it is one of 16 values such as PRED, PREM, PROD); did you mean 'PRED'?"),
        ("pole.c > 3", "'>' compares numbers, and pole.c is a choice, not a number (in 'pole.c > 3')"),
        ("invited && (linkKind == invites)", "linkKind is never 'invites' (it is one of invite, reply); did you mean 'invite'?"),
    ])
    func reportsComparisonsThatCanNeverHold(source: String, problem: String) throws {
        let condition = try Condition.parse(source).get()
        let problems = condition.typeProblems { BindingDescriptor.byName[$0]?.type }
        #expect(problems == [problem])
    }

    @Test(arguments: ["pack == student", "inviter.code == ''", "invited == false", "score.c >= -12", "nickname == 0", "title != x"])
    func acceptsComparisonsThatCanHold(source: String) throws {
        let condition = try Condition.parse(source).get()
        let problems = condition.typeProblems { BindingDescriptor.byName[$0]?.type }
        #expect(problems.isEmpty)
    }

    @Test func anOrderNeedsAWholeNumber() {
        guard case .failure(let error) = Condition.parse("score.c < high") else {
            Issue.record("parsed")
            return
        }
        #expect(error.message == "'<' compares numbers, and 'high' is not a whole number in condition \"score.c < high\"")
    }
}

/// Theme validation reports a condition's type errors with the element's path, and
/// an unknown placeholder with a suggestion from the descriptor list.
@Suite struct TypedValidationTests {
    @Test func typeErrorsInConditionsFailTheTheme() throws {
        let errors = try loadErrors("""
            {
              canvas: { width: 100, height: 100 },
              variables: { mood: "calm" },
              elements: [
                { type: "text", text: "a", when: "invited == 1" },
                { type: "text", text: "b", when: "score.c >= 3 && pack == studnet" },
                { type: "text", text: "c", when: "mood == calm && percent.a > 50" },
                { type: "text", text: "{pole.z}" },
              ],
            }
            """)
        let messages = errors.map { "\($0.path): \($0.message)" }
        #expect(messages == [
            "elements[0].when: invited is a flag (true or false), so it never equals '1'; write invited or !invited, in condition \"invited == 1\"",
            "elements[1].when: pack is never 'studnet' (it is one of workplace, student); did you mean 'student'?, in condition \"score.c >= 3 && pack == studnet\"",
            "elements[3].text: unknown placeholder {pole.z}; did you mean {pole.a}?",
        ])
    }
}
