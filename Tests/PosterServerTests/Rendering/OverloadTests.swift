import Foundation
import Synchronization
import Testing

/// A tiny queue under a burst: what does not fit gets 429 with Retry-After at once.
@Suite struct OverloadTests {
    @Test func fullQueueAnswers429WithRetryAfter() throws {
        let server = try ServerProcess(["--workers", "1", "--queue", "1", "--cache-mb", "0"])
        defer { server.stop() }
        let answers = Mutex<[Curl.Response]>([])
        let failures = Mutex<[String]>([])
        // 12 unique posters at once: one renders, one waits, the rest are refused.
        let group = Concurrently.start(12) { index in
            do {
                let answer = try Curl.request(server.url("/v1/posters/neon.png?c=\(index)&s=1&e=1&a=1&nickname=burst\(index)"))
                answers.withLock { $0.append(answer) }
            } catch {
                failures.withLock { $0.append(String(describing: error)) }
            }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        #expect(failures.withLock { $0 }.isEmpty)
        let all = answers.withLock { $0 }
        let refused = all.filter { $0.status == 429 }
        #expect(all.count == 12)
        #expect(all.allSatisfy { $0.status == 200 || $0.status == 429 })
        #expect(refused.count >= 1)
        #expect(all.filter { $0.status == 200 }.count >= 2)
        for answer in refused {
            #expect(answer.headers["retry-after"] == "1")
            #expect(answer.error?["code"] as? String == "queue-full")
        }
        let ready = try Curl.request(server.url("/readyz"))
        let report = try #require(try JSONSerialization.jsonObject(with: ready.body) as? [String: Any])
        #expect(report["rejected"] as? Int == refused.count)
    }

    /// A burst of requests for one poster not yet drawn costs one render: the others wait
    /// for it (logged `joined`) and get its bytes, instead of rendering it again each.
    @Test func aBurstForOnePosterRendersItOnce() throws {
        let server = try ServerProcess(["--workers", "1", "--queue", "2"])
        defer { server.stop() }
        let answers = Mutex<[Curl.Response]>([])
        let group = Concurrently.start(8) { _ in
            if let answer = try? Curl.request(server.url("/v1/posters/neon.png?c=3&s=1&e=-2&a=1&nickname=burst")) {
                answers.withLock { $0.append(answer) }
            }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let all = answers.withLock { $0 }
        #expect(all.count == 8 && all.allSatisfy { $0.status == 200 }, "\(all.map(\.status))")
        #expect(Set(all.map { $0.body }).count == 1)
        let caches = FramingTests.waitForLog(server, count: 8).compactMap { $0["cache"] as? String }
        #expect(caches.filter { $0 == "miss" }.count == 1, "\(caches)")
        #expect(caches.allSatisfy { ["miss", "joined", "hit"].contains($0) })
    }
}
