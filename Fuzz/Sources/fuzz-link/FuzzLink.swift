import FuzzDriver
import NMTIDomain
import PosterKit

/// libFuzzer entry point: any bytes are read as link text (`nmti://…` or
/// `https://<base>/i?…`, lossy UTF-8) by `ParsedLink(parsing:)`. Parsing either
/// succeeds or throws a `LinkError` that names the link and a reason. A link that
/// parses must print back and re-parse to the same value and signature in both forms
/// (`LinkRoundTrip`), and must sign and verify (`LinkSigning`): signed in either form
/// it verifies under any active key and no other, and one byte changed anywhere in a
/// signed link either breaks it or leaves the value the signature covers unchanged.
/// Nothing here keeps state between inputs, so the target runs with leak detection on.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLink(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parsed: ParsedLink
    do throws(LinkError) {
        parsed = try ParsedLink(parsing: text)
    } catch {
        LinkRoundTrip.checkRefusal(error, of: text)
        return 0
    }
    precondition(parsed.signature.map { !$0.isEmpty } ?? true, "an empty signature was kept")
    _ = parsed.link.result  // what a poster drawn from the link binds
    LinkRoundTrip.check(parsed, text: text)
    LinkSigning.check(parsed, seed: LinkSigning.hash(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if FUZZING
@_cdecl("fuzz_link_main")
public func fuzzerEntryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzLink)
}
#else
@main struct Replay {
    static func main() { replayFiles(fuzzLink) }
}
#endif
