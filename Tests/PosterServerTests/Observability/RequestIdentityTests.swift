import Foundation
import PosterHTTP
import Testing
@testable import PosterServer

/// Who asked, as the access log says it: trusted proxies, request ids, trace ids, timestamps.
@Suite struct RequestIdentityTests {
    let proxies = [AddressRange("10.0.0.0/8")!, AddressRange("127.0.0.1")!]

    @Test func addressRangesReadAddressesAndBlocks() {
        #expect(AddressRange("10.1.2.3/8")?.description == "10.0.0.0/8")
        #expect(AddressRange("127.0.0.1")?.description == "127.0.0.1/32")
        #expect(AddressRange("0.0.0.0/0")?.contains("203.0.113.7") == true)
        #expect(AddressRange("10.0.0.0/8")?.contains("11.0.0.1") == false)
        #expect(AddressRange("10.0.0.0/8")?.contains("::1") == false)
        for bad in ["", "10.0.0.0/33", "10.0.0/8", "10.0.0.0/", "10.0.0.0/-1", "::1", "example.com", "10.0.0.0/8/8", "1.2.3.4/٨"] {
            #expect(AddressRange(bad) == nil, "\(bad)")
        }
    }

    @Test func forwardedForIsBelievedOnlyFromTrustedProxies() {
        // From an untrusted peer the field is the client's own words.
        #expect(RequestIdentity.client(peer: "198.51.100.4", forwardedFor: "1.2.3.4", trusted: proxies) == "198.51.100.4")
        // Through trusted hops: the right-most entry that is not a trusted proxy.
        #expect(RequestIdentity.client(peer: "127.0.0.1", forwardedFor: "1.2.3.4, 203.0.113.9, 10.0.0.5", trusted: proxies) == "203.0.113.9")
        #expect(RequestIdentity.client(peer: "127.0.0.1", forwardedFor: "2001:db8::1", trusted: proxies) == "2001:db8::1")
        // Junk stops the walk at the last address before it.
        #expect(RequestIdentity.client(peer: "127.0.0.1", forwardedFor: "1.2.3.4, not-an-address, 10.0.0.5", trusted: proxies) == "10.0.0.5")
        #expect(RequestIdentity.client(peer: "127.0.0.1", forwardedFor: "", trusted: proxies) == "127.0.0.1")
        // Nothing trusted: the peer, whatever the field says.
        #expect(RequestIdentity.client(peer: "127.0.0.1", forwardedFor: "1.2.3.4", trusted: []) == "127.0.0.1")
    }

    @Test func requestIDsAreTakenWhenPlainElseMade() {
        #expect(RequestIdentity.acceptedRequestID("abc-123_X.y:z") == "abc-123_X.y:z")
        for bad in ["", String(repeating: "a", count: 129), "has space", "quote\"", "line\nbreak", "ünï"] {
            #expect(RequestIdentity.acceptedRequestID(bad) == nil, "\(bad)")
        }
        let made = RequestIdentity.newRequestID()
        #expect(made.count == 32 && made.allSatisfy(\.isHexDigit) && made != RequestIdentity.newRequestID())
        let request = HTTPRequest(method: "GET", target: "/", headers: [("x-request-id", "bad id")], clientAddress: "127.0.0.1")
        #expect(RequestIdentity(request, trustedProxies: []).requestID.count == 32)
    }

    @Test func traceparentGivesItsTraceID() {
        let trace = "4bf92f3577b34da6a3ce929d0e0e4736"
        #expect(RequestIdentity.traceID("00-\(trace)-00f067aa0ba902b7-01") == trace)
        #expect(RequestIdentity.traceID("01-\(trace)-00f067aa0ba902b7-01-future") == trace)  // a later version may add fields
        for bad in [
            "00-\(trace)-00f067aa0ba902b7-01-extra", "ff-\(trace)-00f067aa0ba902b7-01", "00-\(trace.uppercased())-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01", "00-\(trace)-0000000000000000-01", "00-\(trace)-00f067aa0ba902b7", "",
        ] {
            #expect(RequestIdentity.traceID(bad) == nil, "\(bad)")
        }
    }

    @Test func timestampsAreRFC3339InUTCWithMilliseconds() {
        #expect(Timestamp.rfc3339(Date(timeIntervalSince1970: 1_747_729_800.0421)) == "2025-05-20T08:30:00.042Z")
        #expect(Timestamp.rfc3339(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    }
}
