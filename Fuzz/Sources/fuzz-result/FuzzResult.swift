import Foundation
import FuzzDriver
import NMTIDomain

/// libFuzzer entry point: any bytes are decoded as a result JSON. Decoding must
/// either succeed or fail with a `ResultError` that has a path and a reason; it
/// must never crash, hang or allocate without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResult(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let result = try QuizResult(jsonData: bytes, file: "fuzz.json")
        // Everything a poster shows must resolve for any accepted result.
        let resolved = ResolvedResult(result)
        _ = resolved.link.url
        _ = resolved.dimensionReadings.map(\.percent)
    } catch {
        precondition(!error.reason.isEmpty, "a ResultError without a reason")
        precondition(error.description.hasPrefix("fuzz.json: "), "a ResultError without the file: \(error)")
    }
    return 0
}

#if FUZZING
@_cdecl("fuzz_result_main")
public func fuzzerEntryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzResult)
}
#else
@main struct Replay {
    static func main() { replayFiles(fuzzResult) }
}
#endif
