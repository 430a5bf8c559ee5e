import Foundation

/// `curl` as the tests' HTTP client: every request bounded by `--max-time`.
enum Curl {
    /// One answer: status, header fields (names lowercased) and body.
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The `error` object of a JSON error body.
        var error: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? [String: Any]
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs curl with `arguments` against `url`; `--max-time` 30 s unless given.
    static func request(_ url: String, _ arguments: [String] = [], body: Data? = nil, maxTime: Double = 30) throws -> Response {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nmti-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let headersURL = scratch.appendingPathComponent("headers")
        let bodyURL = scratch.appendingPathComponent("body")
        var extra: [String] = []
        if let body {
            let input = scratch.appendingPathComponent("input")
            try body.write(to: input)
            extra = ["--data-binary", "@\(input.path)"]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--max-time", String(maxTime), "-D", headersURL.path, "-o", bodyURL.path] + extra + arguments + [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "curl \(arguments) \(url) failed with status \(process.terminationStatus)") }
        let headerText = String(decoding: (try? Data(contentsOf: headersURL)) ?? Data(), as: UTF8.self)
        // With several answers (100 Continue), the last block is the final one.
        let block = headerText.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
        let lines = block.components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: (try? Data(contentsOf: bodyURL)) ?? Data())
    }

    /// POSTs a result JSON to `/v1/render`.
    static func post(_ server: ServerProcess, _ json: String, theme: String = "classic", contentType: String = "application/json", extra: [String] = []) throws -> Response {
        try request(server.url("/v1/render?theme=\(theme)"), ["-H", "Content-Type: \(contentType)"] + extra, body: Data(json.utf8))
    }
}
