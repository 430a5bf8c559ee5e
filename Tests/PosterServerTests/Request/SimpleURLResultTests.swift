import Foundation
import NMTIDomain
import Testing
@testable import PosterServer

@Suite struct SimpleURLResultTests {
    @Test func buildsTheSameResultAsTheJSONForm() throws {
        let query = try QueryItems(raw: "c=6&s=-3&e=2&a=-5&pack=student&nickname=%E5%B0%8F%E7%8E%8B+1&from=hexa&fromNickname=%E8%80%81%E6%9D%BF")
        let fromQuery = try SimpleURLResult.result(from: query)
        let json = #"{"scores":{"c":6,"s":-3,"e":2,"a":-5},"pack":"student","nickname":"小王+1","fromCode":"HEXA","fromNickname":"老板"}"#
        let fromJSON = try QuizResult(jsonData: Data(json.utf8))
        #expect(fromQuery == fromJSON)
        #expect(PosterKey.canonical(fromQuery) == PosterKey.canonical(fromJSON))
    }

    @Test func keysIgnoreWhatDoesNotChangeThePoster() throws {
        let one = try QuizResult(jsonData: Data(#"{"scores":{"c":1,"s":2,"e":3,"a":4},"code":"PRED","extra":1}"#.utf8))
        let two = try QuizResult(jsonData: Data(#"{"pack":"workplace","scores":{"a":4,"e":3,"s":2,"c":1},"nickname":null}"#.utf8))
        let key = { (result: QuizResult) in PosterKey(engine: "e", themeDigest: "t", compression: .balanced, result: result) }
        #expect(key(one) == key(two))
        #expect(key(one) != PosterKey(engine: "e", themeDigest: "t2", compression: .balanced, result: one))
        #expect(key(one) != PosterKey(engine: "e", themeDigest: "t", compression: .fast, result: one))
        #expect(key(one).matches(ifNoneMatch: "W/\(key(one).etag), \"x\""))
        #expect(key(one).matches(ifNoneMatch: "*"))
        #expect(!key(one).matches(ifNoneMatch: "\"x\""))
    }

    @Test func errorsNameTheParameter() throws {
        func refusal(_ raw: String) throws -> ServiceError? {
            do throws(ServiceError) {
                _ = try SimpleURLResult.result(from: try QueryItems(raw: Substring(raw)))
                return nil
            } catch {
                return error
            }
        }
        #expect(try refusal("c=1&s=1&e=1&a=1e400")?.path == "a")
        #expect(try refusal("c=1&s=1&e=1&a=1,\"x\":2")?.path == "a")
        #expect(try refusal("c=1&s=1&e=1&a=1&from=ZZZZ")?.path == "from")
        #expect(try refusal("c=1&c=2&s=1&e=1&a=1")?.message == "c: given more than once; a parameter may appear once")
        // Names the service does not read are not repeated back: they are the requester's text.
        let unknown = try refusal("c=1&s=1&e=1&a=1&%E5%AE%98=1")
        #expect(unknown?.path == nil && unknown?.message.hasPrefix("query item 5: unknown parameter; known: c, s, e, a,") == true)
        #expect(try refusal("c=1&s=1&e=1&a=1&pack=%E5%AE%98")?.message == "pack: unknown pack; expected workplace or student")
        #expect(try refusal("c=1&s=1&e=1&a=1&nickname=a%00b")?.path == "nickname")
        #expect(try refusal("c=1&s=1&e=1&a=1") == nil)
        #expect(throws: ServiceError.self) { try QueryItems(raw: "a=%E4%B8") }
        #expect(throws: ServiceError.self) { try QueryItems(raw: "novalue") }
    }
}

@Suite struct SimpleURLPlainPathTests {
    static let queries = [
        "c=6&s=-3&e=2&a=-5", "c=0&s=0&e=0&a=0", "c=-0&s=1&e=1&a=1", "c=01&s=1&e=1&a=1", "c=999999999999999999&s=-1&e=1&a=1",
        "c=1&s=1&e=1&a=1&pack=student&nickname=%E5%B0%8F%E7%8E%8B&from=hexa&fromNickname=%22%5C%0A%09",
        "c=1&s=1&e=1&a=1&pack=workplace&code=pred", "c=1&s=1&e=1&a=1&code=HEXA&nickname=&fromNickname=",
        "c=-1&s=-1&e=-1&a=-1&code=DOOM&from=x", "c=1&s=1&e=1&a=1&code=DOOM", "c=1&s=1&e=1&a=1&pack=Student",
        "c=1.0&s=1&e=1&a=1", "c=1e1&s=1&e=1&a=1", "c=%2B1&s=1&e=1&a=1", "c=1&s=1&e=1", "c=&s=1&e=1&a=1",
    ]

    /// The plain path gives exactly what the JSON form gives, or leaves the query to it.
    @Test(arguments: queries)
    func thePlainPathAgreesWithTheJSONForm(raw: String) throws {
        let query = try QueryItems(raw: Substring(raw))
        let plain = SimpleURLResult.plainResult(query)
        var json: QuizResult?
        do throws(ServiceError) { json = try SimpleURLResult.result(from: query) } catch { json = nil }
        if let plain { #expect(plain == json, "\(raw)") }
        let expectedPlain = ["c=6&s=-3&e=2&a=-5", "c=0&s=0&e=0&a=0", "c=999999999999999999&s=-1&e=1&a=1",
                             "c=1&s=1&e=1&a=1&pack=student&nickname=%E5%B0%8F%E7%8E%8B&from=hexa&fromNickname=%22%5C%0A%09",
                             "c=1&s=1&e=1&a=1&pack=workplace&code=pred", "c=1&s=1&e=1&a=1&code=HEXA&nickname=&fromNickname="]
        #expect((plain != nil) == expectedPlain.contains(raw), "\(raw)")
    }
}
