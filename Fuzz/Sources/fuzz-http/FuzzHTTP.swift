import Foundation
import FuzzDriver
@testable import PosterHTTP
@testable import PosterServer

/// libFuzzer entry point: the bytes a client sends on one connection, through the
/// HTTP gate into the service, as `serve` handles them behind libmicrohttpd.
///
/// The first byte picks the set-up: bit 0 the service (0: unsigned URLs, pages built
/// from `Host`; 1: signed URLs, link base `https://nmti.example/base/`; both sign
/// links), bits 1–4 the piece size (1–16 bytes, times 1 + size / 4 KiB) for the gate's
/// second, piecewise reading. The rest goes through `GateRun` (the gate's reading, checked), each
/// forwarded request through `HandlerRequest` (libmicrohttpd's reader's view) to
/// `PosterService.handle`, and every answer through `AnswerCheck` and `FollowUps`.
/// Every request gets exactly one answer (the service's metrics count them), within
/// `ServiceUnderTest.answerLimitSeconds`; nothing after a refused request is handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let subject = data[0] & 1 == 0 ? ServiceUnderTest.open : ServiceUnderTest.signed
    // Pieces grow with the input (one byte at a time through 24 KiB was most of the time).
    let pieceSize = (Int(data[0] >> 1 & 15) + 1) * (1 + size / 4_096)
    let gate = GateRun(ArraySlice(UnsafeBufferPointer(start: data + 1, count: size - 1)), pieceSize: pieceSize)
    var asked = 0
    for (index, forwarded) in gate.requests.enumerated() {
        let request = HandlerRequest.make(forwarded)
        precondition(request.violation == nil || index == gate.requests.count - 1, "a request handled after a refused one")
        let (response, seconds) = subject.answer(request)
        asked += 1
        if Verbose.on { Verbose.print(request, response, seconds) }
        AnswerCheck(subject: subject, request: request, response: response).run()
        var followUps = FollowUps(subject: subject, request: request, response: response)
        followUps.run()
        asked += followUps.asked
    }
    if asked > 0 { Answers.check(subject, asked: asked) }
    return 0
}

/// Requests asked of each service so far (the fuzzer calls the target from one thread),
/// against the answers its metrics counted: a second answer to a request would count twice.
enum Answers {
    nonisolated(unsafe) static var asked = [0, 0]

    static func check(_ subject: ServiceUnderTest, asked more: Int) {
        let index = subject === ServiceUnderTest.open ? 0 : 1
        asked[index] += more
        // A worker counts its answer just after giving it: wait a moment for the count.
        for _ in 0..<1_000 {
            let counted = subject.answersCounted
            precondition(counted <= asked[index], "\(counted) answers counted for \(asked[index]) requests")
            if counted == asked[index] { return }
            usleep(1_000)
        }
        preconditionFailure("\(subject.answersCounted) answers counted for \(asked[index]) requests")
    }
}

/// `NMTI_FUZZ_VERBOSE=1`: one line per answer on standard error (to check seeds).
enum Verbose {
    static let on = ProcessInfo.processInfo.environment["NMTI_FUZZ_VERBOSE"] == "1"

    static func print(_ request: HTTPRequest, _ response: HTTPResponse, _ seconds: Double) {
        let code = (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: [String: Any]])?["error"]?["code"] as? String
        FileHandle.standardError.write(Data("\(request.method) \(request.target.prefix(160)) -> \(response.status) \(code ?? "") \(response.bodyCount) bytes \(String(format: "%.3f", seconds)) s\n".utf8))
    }
}

#if FUZZING
@_cdecl("fuzz_http_main")
public func fuzzerEntryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    // Both services start (and warm every worker with every theme) before the first input,
    // so their start-up, seconds under AddressSanitizer, never counts against an input's timeout.
    _ = ServiceUnderTest.open
    _ = ServiceUnderTest.signed
    return runFuzzer(argc, argv, fuzzHTTP)
}
#else
@main struct Replay {
    static func main() { replayFiles(fuzzHTTP) }
}
#endif
