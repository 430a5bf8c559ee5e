/// One HTTP response as plain values: status, header fields and body.
package struct HTTPResponse: Sendable {
    /// The status code.
    package var status: Int
    /// Header fields to send; `Content-Length` and `Date` are added by the library.
    package var headers: [(name: String, value: String)]
    /// The body; empty for 304 and HEAD answers are cut by the library.
    package var body: [UInt8]
    /// A body sent in place instead of `body` (cached posters): never copied.
    package var sharedBody: HTTPSharedBody?

    /// Creates a response.
    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response whose body is sent in place.
    package init(status: Int, headers: [(name: String, value: String)] = [], shared: HTTPSharedBody) {
        self.status = status
        self.headers = headers
        body = []
        sharedBody = shared
    }

    /// The body's length, whichever way it is held.
    package var bodyCount: Int { sharedBody?.count ?? body.count }
}
