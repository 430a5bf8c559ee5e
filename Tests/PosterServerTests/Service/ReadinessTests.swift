import Foundation
import Synchronization
import Testing

/// Readiness means "can take traffic", not "idle": a saturated origin stays in the
/// pool (it sheds load with 429), or a uniform overload would take out every origin.
@Suite struct ReadinessTests {
    @Test func saturatedStaysReadyAndSaysSo() throws {
        let server = try ServerProcess(["--workers", "1", "--queue", "1", "--cache-mb", "0"])
        defer { server.stop() }
        // Unique renders keep the one worker busy and the one queue slot full for a while.
        let group = Concurrently.start(6) { index in
            for round in 0..<4 {
                _ = try? Curl.request(server.url("/v1/posters/neon.png?c=\(index)&s=\(round)&e=1&a=1&nickname=busy\(index)x\(round)"))
            }
        }
        var seen: (status: Int, state: String)?
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, seen == nil, group.wait(timeout: .now()) == .timedOut {
            if let ready = try? Curl.request(server.url("/readyz")),
               let report = try? JSONSerialization.jsonObject(with: ready.body) as? [String: Any],
               report["state"] as? String == "saturated" {
                seen = (ready.status, "saturated")
            }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let observed = try #require(seen, "the queue was never seen full")
        #expect(observed.status == 200)
    }
}
