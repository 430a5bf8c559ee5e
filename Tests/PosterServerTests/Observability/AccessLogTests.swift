import Testing
@testable import PosterServer

/// The access log never holds a URL signature, however its name is spelled.
@Suite struct AccessLogTests {
    @Test func signaturesAreLeftOutByTheirDecodedName() {
        #expect(AccessLog.loggedPath("/v1/posters/classic.png?c=1&sig=abc&s=2") == "/v1/posters/classic.png?c=1&s=2")
        #expect(AccessLog.loggedPath("/v1/posters/classic.png?c=1&%73ig=abc&%73%69%67=d") == "/v1/posters/classic.png?c=1")
        #expect(AccessLog.loggedPath("/i?v=1.2.3.4&ls=keep") == "/i?v=1.2.3.4&ls=keep")
        #expect(AccessLog.loggedPath("/healthz") == "/healthz")
    }
}
