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
}
