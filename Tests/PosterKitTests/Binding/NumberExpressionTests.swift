import NMTIDomain
import Testing
@testable import PosterKit

/// Numeric expressions: parsing, evaluation, their range over every result, and errors.
@Suite struct NumberExpressionTests {
    let values = BindingValues(ResolvedResult(QuizResult(
        scores: DimensionScores(c: 6, s: -3, e: 40, a: -5), pack: .workplace)))

    func parse(_ source: String) throws -> NumberExpression {
        try NumberExpression.parse(source) { BindingDescriptor.byName[$0]?.type ?? ($0 == "accent" ? .text : nil) }.get()
    }

    @Test func evaluatesWithPrecedence() throws {
        #expect(try parse("24 + {score.c} * 3").evaluate(values) == 42)
        #expect(try parse("(24 + {score.c}) * 3").evaluate(values) == 90)
        #expect(try parse("{percent.c} * 2.4").evaluate(values) == 120)
        #expect(try parse("-{score.s} / 2 - 1").evaluate(values) == 0.5)
        #expect(try parse("min(10, {score.c}, 7) + max(1, 2) + clamp({score.a}, 0, 3)").evaluate(values) == 8)
    }

    @Test func placeholdersAreClampedToTheirDocumentedRange() throws {
        // A score of 40 counts as 12; an inviter's score when not invited counts as 0.
        #expect(try parse("{score.e}").evaluate(values) == 12)
        #expect(try parse("{inviter.score.c} + 1").evaluate(values) == 1)
    }

    @Test func rangeCoversEveryResult() throws {
        #expect(try parse("{percent.c} * 2.4").range().get() == 0...240)
        #expect(try parse("24 + {score.c} * 3").range().get() == -12...60)
        #expect(try parse("100 - {percent.a}").range().get() == 0...100)
        #expect(try parse("clamp({score.c} * 20, 0, 100)").range().get() == 0...100)
        #expect(try parse("({score.c} + 12) / 24").range().get() == 0...1)
    }

    @Test func divisionByARangeHoldingZeroIsRefused() throws {
        guard case .failure(let error) = try parse("100 / {score.c}").range() else {
            Issue.record("accepted")
            return
        }
        #expect(error.message.contains("may divide by zero"))
        #expect(try parse("100 / ({percent.c} + 1)").range().get() == (100.0 / 101)...100)
    }

    @Test(arguments: [
        ("{nickname} * 2", "{nickname} is text, not a number"),
        ("{accent} + 1", "{accent} is text, not a number"),
        ("{pack} + 1", "{pack} is a choice, not a number"),
        ("{scor.c} * 2", "unknown placeholder {scor.c}; did you mean {score.c}?"),
        ("{nickname|3} * 2", "no filters or defaults in numbers"),
        ("mni(1, 2)", "did you mean min()?"),
        ("clamp(1, 2)", "clamp takes three arguments"),
        ("score.c * 2", "write a placeholder in braces, {score.c}"),
        ("(1 + 2", "expected ')'"),
        ("1 +", "expected a number"),
        ("2 2", "unexpected '2'"),
    ])
    func reportsMistakes(source: String, fragment: String) {
        let result = NumberExpression.parse(source) { BindingDescriptor.byName[$0]?.type ?? ($0 == "accent" ? .text : nil) }
        guard case .failure(let error) = result else {
            Issue.record("\(source) parsed")
            return
        }
        #expect(error.message.contains(fragment), "\(error.message)")
        #expect(error.message.contains("in expression \"\(source)\""))
    }

    @Test func sizeAndMagnitudeAreLimited() throws {
        let long = Array(repeating: "1", count: 40).joined(separator: " + ")
        guard case .failure(let error) = NumberExpression.parse(long, type: { _ in nil }) else {
            Issue.record("parsed")
            return
        }
        #expect(error.message.contains("more than 64"))
        let huge = try parse("1000000 * 1000000 * {score.c}")
        guard case .failure(let overflow) = huge.range() else {
            Issue.record("accepted")
            return
        }
        #expect(overflow.message.contains("beyond"))
    }
}
