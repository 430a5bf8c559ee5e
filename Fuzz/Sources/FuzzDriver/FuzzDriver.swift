import Foundation

/// A libFuzzer test function: called with one input, returns 0.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>, Int) -> Int32

#if FUZZING
/// Hands control to libFuzzer's driver. Each target calls this from its
/// `<module>_main` (the name SwiftPM links an executable's entry point under).
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ target: FuzzTarget
) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, target)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzTarget
) -> Int32
#else
/// Without libFuzzer: runs each file named on the command line through `target`
/// (to reproduce a crash under a debugger).
public func replayFiles(_ target: FuzzTarget) {
    for path in CommandLine.arguments.dropFirst() {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        _ = data.withUnsafeBytes { target($0.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!, data.count) }
        print("ok: \(path)")
    }
}
#endif

/// A folder for this process's scratch files, `<name>-<pid>`: in /dev/shm when there
/// is one, since a fuzzer writes a file for every input.
public func scratchFolder(_ name: String) -> URL {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let folder = URL(fileURLWithPath: base).appendingPathComponent("\(name)-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Something a target cannot run without (a renderer, say): made once by the
/// caller's `static let`; a failure stops the process, naming what failed.
public func required<Value>(_ what: String, _ make: () throws -> Value) -> Value {
    do {
        return try make()
    } catch {
        fatalError("cannot make the \(what): \(error)")
    }
}
