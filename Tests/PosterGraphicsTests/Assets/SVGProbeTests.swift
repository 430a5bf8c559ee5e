import Foundation
import PosterDisplay
import Testing
@testable import PosterGraphics

/// The child-process probe behind `SVGSafety`: documents that crash, hang or
/// exhaust librsvg 2.54 cost an outcome, not the test process. The documents
/// here skip `SVGSafety` on purpose (it refuses them all), to reach librsvg.
@Suite struct SVGProbeTests {
    func svg(_ body: String) -> [UInt8] {
        Array("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'>\(body)</svg>".utf8)
    }

    @Test func ordinaryAndInvalidDocuments() {
        #expect(SVGProbe.run(svg("<rect width='10' height='10' fill='red'/>")) == .drawn)
        #expect(SVGProbe.run(Array("<svg><rect></svg>".utf8)) == .notParsed)
        // A pattern tile of 10^6 units: librsvg parses it but cannot draw it, and says why.
        let tile = svg("<pattern id='p' width='1000000' height='1000000' patternUnits='userSpaceOnUse'><rect width='1' height='1'/></pattern><rect width='100' height='100' fill='url(#p)'/>")
        #expect(SVGProbe.run(tile) == .notDrawn(reason: "rendering error: InvalidSize"))
    }

    /// A process's CPU time is read from /proc: for this process it agrees with the
    /// kernel's own clock, and a child that only waits has used next to none (that is
    /// how `run` tells a child blocked at the fork from one that is drawing).
    @Test func cpuTimeFromProc() {
        var spin = 0.0
        let start = DispatchTime.now().uptimeNanoseconds
        while DispatchTime.now().uptimeNanoseconds - start < 50_000_000 { spin += 1 }  // 50 ms of work
        var clock = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &clock)
        let kernel = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
        let proc = SVGProbe.cpuSeconds(of: getpid())
        let tick = 1 / Double(sysconf(Int32(_SC_CLK_TCK)))
        #expect(proc != nil && abs(proc! - kernel) <= max(0.05, 0.02 * kernel) + 2 * tick, "\(String(describing: proc)) against \(kernel) after \(spin)")
        #expect(SVGProbe.cpuSeconds(of: -1) == nil)

        let child = fork()
        if child == 0 {
            pause()
            _exit(0)
        }
        #expect(child > 0)
        guard child > 0 else { return }
        usleep(200_000)
        let waiting = SVGProbe.cpuSeconds(of: child)
        kill(child, SIGKILL)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        #expect(waiting != nil && waiting! < 0.05 * 0.2, "\(String(describing: waiting))")
    }

    /// A 300x300 convolution kernel makes librsvg 2.54 panic, which aborts through its C API.
    @Test func aPanicIsAnOutcomeAndLeavesNoCoreFile() {
        let kernel = String(repeating: "1 ", count: 90_000)
        let document = svg("<filter id='c'><feConvolveMatrix order='300' kernelMatrix='\(kernel)'/></filter><rect width='100' height='100' filter='url(#c)'/>")
        #expect(SVGProbe.run(document) == .crashed(signal: SIGABRT))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/core"))
    }

    /// 100,000 turbulence octaves do not finish: the child is stopped at the deadline (or by its CPU limit).
    @Test func aHangIsStopped() {
        let document = svg("<filter id='t'><feTurbulence numOctaves='100000'/></filter><rect width='100' height='100' filter='url(#t)'/>")
        let outcome = SVGProbe.run(document, timeout: 1)
        #expect(outcome == .timedOut || outcome == .crashed(signal: SIGXCPU), "\(outcome)")
    }

    /// Once this process has drawn a filter, rayon's worker pool exists and a forked
    /// child would wait for its missing threads: SVGs loaded from then on skip the
    /// probe (without that, this blurred document would be refused after 5 s).
    @Test func afterDrawingInProcessLoadsSkipTheProbe() throws {
        let blur = "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100'><filter id='b'><feGaussianBlur stdDeviation='5'/></filter><rect width='50' height='50' filter='url(#b)'/></svg>"
        _ = try SVGDocument(data: Data(blur.utf8), name: "first.svg").raster(width: 300, height: 300)
        #expect(SVGProbe.hasDrawnInProcess)
        let again = try SVGDocument(data: Data(blur.replacingOccurrences(of: "'5'", with: "'6'").utf8), name: "second.svg")
        #expect(again.intrinsicSize == Size(width: 100, height: 100))
    }

    @Test func everyFailedOutcomeIsAnErrorNamingTheAsset() {
        let failures: [(SVGProbe.Outcome, String, GraphicsError.Kind)] = [
            (.crashed(signal: SIGABRT), "crashed or ran out of memory drawing it once at load (signal 6)", .asset),
            (.crashed(signal: SIGXCPU), "more than 5 s of CPU time", .limit),
            (.timedOut, "took more than 5 s", .limit),
            (.notDrawn(reason: "rendering error: InvalidSize"), "could not render SVG: rendering error: InvalidSize (drawing it once at load)", .asset),
            (.unavailable(errno: EAGAIN), "could not start a process", .asset),
        ]
        for (outcome, fragment, kind) in failures {
            do {
                try SVGDocument.verdict(outcome, name: "assets/a.svg")
                Issue.record("\(outcome) was accepted")
            } catch {
                #expect(error.message.hasPrefix("assets/a.svg: ") && error.message.contains(fragment), "\(error.message)")
                #expect(error.kind == kind)
            }
        }
        #expect(throws: Never.self) { try SVGDocument.verdict(.drawn, name: "a") }
        #expect(throws: Never.self) { try SVGDocument.verdict(.notParsed, name: "a") }
    }
}
