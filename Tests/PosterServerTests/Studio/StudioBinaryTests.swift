import Foundation
import Testing

/// `nmti-poster studio` as a real process on 127.0.0.1 with port 0: the page, the
/// image endpoint and its bytes against `render`, and what it refuses.
@Suite(.serialized) struct StudioBinaryTests {
    /// Runs the binary to completion; its status, standard output and standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard let binary = ServerProcess.binary else { throw ServerProcess.StartFailure(description: "nmti-poster not built") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-studio-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = ServerProcess.packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: out), as: UTF8.self),
                String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    static func json(_ response: Curl.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    @Test func servesThePageItsScriptAndItsStyleUnderAStrictPolicy() throws {
        let studio = try StudioProcess()
        defer { studio.stop() }
        #expect(studio.url.hasPrefix("http://127.0.0.1:"))
        let page = try Curl.request(studio.url("/"))
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && policy.contains("connect-src 'self'"))
        #expect(page.headers["cache-control"] == "no-store")
        #expect(page.text.contains("<script src=\"/studio.js\"></script>"))
        #expect(page.text.contains("PRED 六边形悍匪"))
        // Nothing from elsewhere: no absolute URL in the page, its script or its style.
        let script = try Curl.request(studio.url("/studio.js"))
        let style = try Curl.request(studio.url("/studio.css"))
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(style.status == 200 && style.headers["content-type"] == "text/css; charset=utf-8")
        for text in [page.text, script.text, style.text] { #expect(!text.contains("http://") && !text.contains("https://")) }
    }

    @Test func theImageIsTheBytesRenderWritesForTheSameResult() throws {
        let studio = try StudioProcess()
        defer { studio.stop() }
        let scratch = studio.scratch
        for query in ["code=PRED&pack=workplace", "code=DOOM&pack=student&nickname=%E9%98%BFMay%F0%9F%90%AE&from=PRED&fromNickname=%E8%80%81%E6%9D%BF"] {
            let image = try Curl.request(studio.url("/poster.png?" + query))
            #expect(image.status == 200)
            #expect(image.headers["content-type"] == "image/png")
            let result = try Curl.request(studio.url("/result.json?" + query))
            #expect(result.status == 200)
            let resultFile = scratch.appendingPathComponent("result.json")
            try result.body.write(to: resultFile)
            let poster = scratch.appendingPathComponent("render.png")
            let rendered = try Self.run(["render", resultFile.path, "--theme", studio.theme.path, "-o", poster.path])
            #expect(rendered.status == 0, "\(rendered.stderr)")
            #expect(try Data(contentsOf: poster) == image.body, "studio and render differ for \(query)")
            // The page's JSON names the same bytes.
            let frame = try Self.json(try Curl.request(studio.url("/api/render?" + query)))
            #expect(frame["ok"] as? Bool == true)
            #expect((frame["image"] as? String)?.hasPrefix("data:image/png;base64,") == true)
            let shown = try #require(Data(base64Encoded: String((frame["image"] as? String ?? "").dropFirst("data:image/png;base64,".count))))
            #expect(shown == image.body)
        }
    }

    @Test func theFrameCarriesTheLayoutAndFindingsLinkedToTheThemeFile() throws {
        let studio = try StudioProcess()
        defer { studio.stop() }
        let frame = try Self.json(try Curl.request(studio.url("/api/render?code=PRED&pack=workplace&debug=1")))
        #expect(frame["generation"] as? Int == 1)
        #expect(frame["theme"] as? String == "classic")
        #expect((frame["formats"] as? [String])?.contains("story") == true)
        let elements = try #require(frame["elements"] as? [[String: Any]])
        #expect(elements.count > 10)
        // Every element the dump lists is found in the file: its path and its line.
        #expect(elements.allSatisfy { ($0["line"] as? Int ?? 0) > 0 && ($0["path"] as? String ?? "").hasPrefix("elements[") })
        #expect(elements.contains { $0["qr"] != nil })
        // The lints follow the poster, for the same variant and generation.
        let lints = try Self.json(try Curl.request(studio.url("/api/lints?code=PRED&pack=workplace&debug=1")))
        #expect(lints["generation"] as? Int == 1)
        #expect((lints["lints"] as? String)?.contains("contrast") == true)
        #expect((lints["lints"] as? String)?.contains("QR scan after 0.5x") == true)
        #expect(lints["findings"] is [[String: Any]])
        // A debug frame shows other pixels than the poster, and says which poster it is.
        #expect(frame["digest"] as? String != frame["posterDigest"] as? String)
        // A long nickname: a fit note for an element, at its line.
        let long = String(repeating: "%E5%8D%B7", count: 40)
        let noted = try Self.json(try Curl.request(studio.url("/api/lints?code=PRED&pack=workplace&nickname=" + long)))
        let findings = try #require(noted["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["kind"] as? String == "fit" && ($0["line"] as? Int ?? 0) > 0 }, "\(findings)")
    }

    @Test func refusesHostileInputAndOtherHosts() throws {
        let studio = try StudioProcess()
        defer { studio.stop() }
        // A nickname with a control character is refused as a result file's would be, naming the field only.
        let frame = try Self.json(try Curl.request(studio.url("/api/render?code=PRED&nickname=a%00b")))
        #expect(frame["ok"] as? Bool == false)
        let input = try #require(frame["inputError"] as? [String: Any])
        #expect(input["field"] as? String == "nickname")
        #expect(try Curl.request(studio.url("/poster.png?code=PRED&nickname=a%00b")).status == 409)
        #expect(try Curl.request(studio.url("/api/render?code=XXXX")).status == 400)
        #expect(try Curl.request(studio.url("/api/render?code=PRED&code=DOOM")).status == 400)
        #expect(try Curl.request(studio.url("/api/render?bogus=1")).status == 400)
        #expect(try Curl.request(studio.url("/api/render?format=nope")).text.contains("has no format"))
        #expect(try Curl.request(studio.url("/api/source?x=1")).status == 400)
        // DNS rebinding: a name that is not 127.0.0.1 or localhost is refused.
        #expect(try Curl.request(studio.url("/"), ["-H", "Host: attacker.example"]).status == 403)
        #expect(try Curl.request(studio.url("/"), ["-H", "Host: localhost:\(studio.url.split(separator: ":").last!.dropLast())"]).status == 200)
        #expect(try Curl.request(studio.url("/"), ["-X", "POST", "--data", "x"]).status == 405)
        #expect(try Curl.request(studio.url("/nope")).status == 404)
    }

    @Test func bindsTheLoopbackOnlyAndSaysSo() throws {
        let refused = try Self.run(["studio", "--host", "0.0.0.0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("unknown option '--host': the studio binds 127.0.0.1 only"), "\(refused.stderr)")
        let help = try Self.run(["studio", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("127.0.0.1"))
        #expect(!help.stdout.contains("--host <"))
        let missing = try Self.run(["studio", "--theme", "/nonexistent/theme", "--port", "0"])
        #expect(missing.status == 66)
        // Listening only on the loopback: the socket is bound to 127.0.0.1.
        let studio = try StudioProcess()
        defer { studio.stop() }
        let port = try #require(UInt16(studio.url.dropFirst("http://127.0.0.1:".count).dropLast()))
        let sockets = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        let listening = sockets.split(separator: "\n").filter { $0.contains(String(format: ":%04X ", port)) && $0.contains(" 0A ") }
        #expect(!listening.isEmpty)
        #expect(listening.allSatisfy { $0.contains(String(format: "0100007F:%04X", port)) }, "\(listening)")
    }

    @Test func aStopSignalEndsItWithStatusZero() throws {
        let studio = try StudioProcess()
        #expect(try Curl.request(studio.url("/")).status == 200)
        #expect(studio.stop() == 0)
    }
}
