import FakeGitHub
import CCurl
@testable import HTTPClient
import Testing

/// The value types and libcurl's error codes, without a network.
@Suite struct HTTPTypesTests {
    @Test func headersKeepOrderAndRepeatsAndIgnoreCase() {
        var headers: HTTPHeaders = ["Vary": "Accept", "Content-Type": "application/json"]
        headers.add(name: "vary", value: "Accept-Encoding")
        #expect(headers.values(for: "VARY") == ["Accept", "Accept-Encoding"])
        #expect(headers["content-type"] == "application/json")
        headers.set(name: "VARY", value: "*")
        #expect(headers.values(for: "Vary") == ["*"])
        headers.remove(name: "content-TYPE")
        #expect(!headers.contains("Content-Type"))
        #expect(headers.count == 1)
    }

    @Test func credentialsNeverPrint() {
        let secret = "ghp_0123456789secret"
        let request = HTTPRequest(url: "https://api.github.com/user", headers: ["Authorization": "Bearer \(secret)", "Cookie": "s=\(secret)"])
        var dumped = ""
        dump(request, to: &dumped)
        for text in [String(describing: request), String(reflecting: request), dumped, "\(request.headers)"] {
            #expect(!text.contains(secret), "\(text)")
        }
        #expect(String(describing: request).contains("Authorization: <redacted>"))
        #expect(request.headers["authorization"] == "Bearer \(secret)")
    }

    @Test func curlCodesMapToKinds() {
        let cases: [(CURLcode, HTTPError.Kind)] = [
            (CURLE_OPERATION_TIMEDOUT, .timeout), (CURLE_COULDNT_RESOLVE_HOST, .dnsFailure),
            (CURLE_COULDNT_CONNECT, .connectionFailed), (CURLE_GOT_NOTHING, .connectionLost),
            (CURLE_RECV_ERROR, .connectionLost), (CURLE_PARTIAL_FILE, .connectionLost),
            (CURLE_PEER_FAILED_VERIFICATION, .tls), (CURLE_URL_MALFORMAT, .invalidURL), (CURLE_OUT_OF_MEMORY, .other),
        ]
        for (code, kind) in cases {
            #expect(HTTPError.kind(for: code) == kind, "CURLcode \(code.rawValue)")
        }
        let resolve = HTTPError(curlCode: CURLE_COULDNT_RESOLVE_HOST, detail: "Could not resolve host: api.github.invalid")
        #expect(resolve.kind == .dnsFailure)
        #expect(resolve.curlCode == 6)
        #expect(resolve.message == "Could not resolve host: api.github.invalid")
        #expect(HTTPError(curlCode: CURLE_COULDNT_CONNECT, detail: "").message == "Couldn't connect to server")
    }

    @Test func durationsBecomeWholeMilliseconds() {
        #expect(Duration.milliseconds(300).curlMilliseconds == 300)
        #expect(Duration.seconds(15).curlMilliseconds == 15000)
        #expect(Duration.microseconds(10).curlMilliseconds == 1)
        #expect(Duration.zero.curlMilliseconds == 0)
    }
}
