import FakeGitHub
import Foundation
import HTTPClient
import Testing
import UVKit

/// HTTPClient on a real loop against the fake server: responses, failures, cancellation, and
/// that the loop is never blocked.
@Suite struct HTTPClientTests {
    @Test func getReturnsStatusMultiValuedHeadersAndBody() throws {
        try withHarness { harness in
            let url = "\(harness.server.baseURL)/users/kohsuke/repos?per_page=30"
            let result = harness.wait { harness.http.send(HTTPRequest(url: url, headers: ["X-Probe": "1"]), completion: $0) }
            let response = try #require(try result?.get())
            #expect(response.status == 200)
            #expect(response.headers.values(for: "vary") == ["Accept, Authorization, Cookie, X-GitHub-OTP", "Accept-Encoding"])
            #expect(response.headers["etag"] == "W/\"35bb58ea6580280b6a83aa24dfff4eeb\"")
            #expect(response.headers["ETAG"] == response.headers["ETag"])
            let repositories = try JSONSerialization.jsonObject(with: Data(response.body)) as? [Any]
            #expect(repositories?.count == 30)
            let log = try harness.server.settledRequests()
            #expect(log.map(\.path) == ["/users/kohsuke/repos?per_page=30"])
            #expect(log.first?.headers["x-probe"] == "1")
            #expect(log.first?.outcome == "completed")
        }
    }

    @Test func manyRequestsRunTogetherOnOneLoop() throws {
        try withHarness { harness in
            let paths = ["/users/mojombo", "/users/kohsuke", "/users/sferik", "/repos/sferik/rails_admin", "/users/github-api-test-org"]
            var statuses: [String: Int] = [:]
            for path in paths {
                harness.http.send(HTTPRequest(url: harness.server.baseURL + path)) { result in
                    statuses[path] = (try? result.get())?.status ?? -1
                }
            }
            #expect(harness.http.activeTaskCount == paths.count)
            #expect(harness.loop.run { statuses.count == paths.count })
            #expect(statuses.values.allSatisfy { $0 == 200 })
            #expect(harness.http.activeTaskCount == 0)
        }
    }

    @Test func theLoopKeepsRunningWhileAResponseIsSlow() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", delayMilliseconds: 600)])
            let ticker = try UVTimer(loop: harness.loop)
            var ticks = 0
            var response: HTTPResponse?
            harness.http.send(HTTPRequest(url: harness.server.baseURL + "/users/mojombo")) { response = try? $0.get() }
            ticker.start(after: 10, repeatEvery: 10) { ticks += 1 }
            #expect(harness.loop.run { response != nil })
            ticker.close()
            #expect(response?.status == 200)
            #expect(ticks >= 20, "a 10 ms timer ticked only \(ticks) times during a 600 ms response")
        }
    }

    @Test func aSlowResponseTimesOut() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", delayMilliseconds: 5000)])
            let started = harness.loop.now
            let request = HTTPRequest(url: harness.server.baseURL + "/users/mojombo", timeout: .milliseconds(300))
            let result = harness.wait { harness.http.send(request, completion: $0) }
            guard case .failure(let error)? = result else { Issue.record("expected a timeout, got \(String(describing: result))"); return }
            #expect(error.kind == .timeout)
            #expect(error.curlCode == 28)
            #expect(harness.loop.now - started < 3000)
            let log = try harness.server.waitForLog { $0.first?.outcome == "client_closed" }
            #expect(log.first?.outcome == "client_closed")
        }
    }

    /// A reset surfaces as a send (55) or receive (56) failure, depending on which libcurl hit first.
    @Test(arguments: [("drop", [52]), ("reset", [55, 56]), ("truncate", [18])])
    func aBrokenConnectionIsReportedAsLost(fault: String, curlCodes: [Int32]) throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", fault: fault)])
            let result = harness.wait { harness.http.send(HTTPRequest(url: harness.server.baseURL + "/users/mojombo"), completion: $0) }
            guard case .failure(let error)? = result else { Issue.record("expected a failure, got \(String(describing: result))"); return }
            #expect(error.kind == .connectionLost)
            #expect(curlCodes.contains(error.curlCode ?? 0), "CURLcode \(String(describing: error.curlCode))")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func nothingListeningIsAConnectionFailure() throws {
        try withHarness { harness in
            let url = harness.server.baseURL + "/users/mojombo"
            harness.server.stop()
            let result = harness.wait { harness.http.send(HTTPRequest(url: url), completion: $0) }
            guard case .failure(let error)? = result else { Issue.record("expected a failure, got \(String(describing: result))"); return }
            #expect(error.kind == .connectionFailed)
            #expect(error.message.contains("127.0.0.1"))
        }
    }

    @Test func aCancelledRequestNeverCompletesAndItsConnectionCloses() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/mojombo", delayMilliseconds: 5000)])
            var calls = 0
            let task = harness.http.send(HTTPRequest(url: harness.server.baseURL + "/users/mojombo")) { _ in calls += 1 }
            #expect(task.isRunning)
            let arrived = try harness.server.waitForLog { $0.count == 1 }
            #expect(arrived.first?.outcome == "pending")
            task.cancel()
            #expect(!task.isRunning)
            #expect(harness.http.activeTaskCount == 0)
            let log = try harness.server.waitForLog { $0.first?.outcome != "pending" }
            #expect(log.first?.outcome == "client_closed")
            runFor(harness.loop, milliseconds: 200)
            #expect(calls == 0)
            task.cancel()
            #expect(calls == 0)
        }
    }

    @Test func closingTheClientCancelsEverythingAndLeavesNoHandle() throws {
        try withHarness { harness in
            try harness.server.script([FakeRule(path: "/users/slow", delayMilliseconds: 5000)])
            let loop = UVLoop()
            let client = try HTTPClient(loop: loop)
            var finished: HTTPResponse?
            client.send(HTTPRequest(url: harness.server.baseURL + "/users/mojombo")) { finished = try? $0.get() }
            #expect(loop.run { finished != nil })
            var slowCalls = 0
            client.send(HTTPRequest(url: harness.server.baseURL + "/users/slow")) { _ in slowCalls += 1 }
            // This client runs on its own loop: turn by turn, run it and read the server's log.
            var arrived: [LoggedRequest] = []
            for _ in 0..<250 where arrived.count < 2 {
                runFor(loop, milliseconds: 20)
                arrived = try harness.server.requests()
            }
            #expect(arrived.count == 2)
            #expect(arrived.last?.outcome == "pending")
            client.close()
            #expect(client.isClosed)
            var alive = true
            for _ in 0..<100 where alive { alive = loop.runNoWait() }
            #expect(!alive, "handles are left on the loop after close")
            #expect(slowCalls == 0)
            var late: Result<HTTPResponse, HTTPError>?
            client.send(HTTPRequest(url: harness.server.baseURL + "/users/mojombo")) { late = $0 }
            #expect(late == nil, "a completion ran inside send")
            #expect(loop.run { late != nil })
            if case .failure(let error)? = late { #expect(error.kind == .clientClosed) } else { Issue.record("expected clientClosed") }
            loop.close()
            let log = try harness.server.waitForLog { $0.last?.outcome != "pending" }
            #expect(log.last?.outcome == "client_closed")
        }
    }

    @Test func anOpenClientKeepsItselfAliveAndCloseReleasesIt() throws {
        try withHarness { harness in
            weak var open: HTTPClient?
            weak var closed: HTTPClient?
            do {
                let kept = try HTTPClient(loop: harness.loop)
                let released = try HTTPClient(loop: harness.loop)
                open = kept
                closed = released
                var done = false
                released.send(HTTPRequest(url: harness.server.baseURL + "/users/mojombo")) { _ in done = true }
                #expect(harness.loop.run { done })
                released.close()
            }
            #expect(closed == nil, "close() did not release the client")
            #expect(open != nil, "an open client must stay alive until close()")
            open?.close()
            #expect(open == nil)
        }
    }
}
