import Foundation
import NMTIDomain
import Testing
@testable import PosterKit

/// The theme-level `subject` and the samples checks and previews go over.
@Suite struct ThemeSubjectTests {
    @Test func subjectDefaultsToSingleAndIsChecked() throws {
        #expect(try Theme.load(from: makeTheme(#"{ elements: [] }"#)).subject == .single)
        #expect(try Theme.load(from: makeTheme(#"{ subject: "pair", elements: [] }"#)).subject == .pair)
        let errors = try loadErrors(#"{ subject: "pairs", elements: [] }"#)
        #expect(errors.contains { $0.path.description == "subject" && $0.message.contains("did you mean \"pair\"") }, "\(errors)")
    }

    @Test func aPairSubjectCoversTheVariantsAndEveryOrderedPairOfBothPacks() {
        #expect(ThemeSubject.single.samples == ThemeSample.variants)
        #expect(ThemeSample.variants.count == 32)
        let pairs = ThemeSubject.pair.samples.dropFirst(32)
        #expect(pairs.count == 512)
        var seen = Set<String>()
        for sample in pairs {
            let resolved = ResolvedResult(sample.result)
            let inviter = try! #require(sample.result.fromCode)
            seen.insert("\(sample.result.pack.rawValue) \(sample.result.code.rawValue) \(inviter.rawValue)")
            #expect(resolved.pairing != nil)
            #expect(sample.label.hasPrefix("\(sample.result.code.rawValue) × \(inviter.rawValue) · \(sample.result.pack.rawValue)"))
            #expect((sample.result.fromScores == nil) == sample.label.hasSuffix("(no scores)"))
        }
        #expect(seen.count == 512)
        // Each pack has both kinds of inviter for every invitee.
        for pack in QuizPack.allCases {
            for code in PersonalityCode.all {
                let mine = pairs.filter { $0.result.pack == pack && $0.result.code == code }
                #expect(mine.contains { $0.result.fromScores == nil } && mine.contains { $0.result.fromScores != nil })
            }
        }
    }

    @Test func previewAndContrastGoOverEverySampleOfAPairTheme() throws {
        let theme = try Theme.load(from: makeTheme("""
            { subject: "pair", canvas: { width: 60, height: 30 },
              elements: [ { type: "text", x: 2, y: 2, width: 40, text: "{inviter.code}", when: "invited", size: 8, maxLines: 1,
                            color: "#777777" } ] }
            """))
        let renderer = try PosterRenderer()
        let run = try PreviewRun.catalogue(of: theme, renderer: renderer, thumbnailWidth: 20)
        #expect(run.variants.count == 544)
        #expect(run.variants.map(\.label) == ThemeSubject.pair.samples.map(\.label))
        #expect(run.variants.allSatisfy { $0.raster.width == 40 && $0.raster.height == 20 })
        // #777 on white is 4.47:1: below AA for 8 pt text, in each of the 512 pairs and none of the 32 variants.
        let report = try ContrastLint.catalogueReport(of: theme, renderer: renderer)
        #expect(report.count == 512, "\(report.prefix(3))")
        #expect(report.first?.hasPrefix("PRED × PRED · workplace: ") == true, "\(report.first ?? "")")
    }
}
