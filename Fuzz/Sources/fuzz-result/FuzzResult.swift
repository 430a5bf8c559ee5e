import Foundation
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
/// SwiftPM links an executable's entry point as `<module>_main`; under libFuzzer
/// that entry point hands control to the fuzzer's driver.
@_cdecl("fuzz_result_main")
public func fuzzerEntryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzResult)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32
#else
/// Without libFuzzer: runs each file named on the command line through the entry point.
@main struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            let data = FileManager.default.contents(atPath: path) ?? Data()
            _ = data.withUnsafeBytes { fuzzResult($0.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!, data.count) }
            print("ok: \(path)")
        }
    }
}
#endif
