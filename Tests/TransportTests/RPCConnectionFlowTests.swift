import Glibc
import NavProtocol
import Testing
import Transport
import UVKit

/// Flow control and timeouts of pipelined requests.
@Suite struct RPCConnectionFlowTests {
    /// Answers each request 40 ms after the previous answer, in order.
    private func answerSlowlyInOrder(_ pair: ConnectionPair, skipping skipped: Set<String> = []) throws -> UVTimer {
        var waiting: [(RPCRequest, RPCResponder)] = []
        pair.right?.onRequest = { request, responder in
            if !skipped.contains(request.method) { waiting.append((request, responder)) }
        }
        let timer = try UVTimer(loop: pair.loop)
        timer.start(after: 40, repeatEvery: 40) {
            guard !waiting.isEmpty else { return }
            let (request, responder) = waiting.removeFirst()
            responder.succeed(["method": .string(request.method)])
        }
        return timer
    }

    /// Forwarded requests get their answers as bytes, on another path: the same rule holds.
    @Test(arguments: [false, true])
    func aPipelinedBacklogIsNotLate(forwarded: Bool) throws {
        let pair = try ConnectionPair()
        let timer = try answerSlowlyInOrder(pair)
        defer { timer.close() }
        var results: [Result<JSONValue, RPCError>] = []
        // Five answers take 200 ms in all, twice the timeout, but each comes within 100 ms of the one before.
        for index in 0..<5 {
            if forwarded {
                pair.left.forwardRequest(method: "m\(index)", params: .value(.object([:])), timeoutMilliseconds: 100) {
                    results.append($0.map { _ in .null })
                }
            } else {
                pair.left.sendRequest(method: "m\(index)", params: nil, timeoutMilliseconds: 100) { results.append($0) }
            }
        }
        #expect(pair.loop.run { results.count == 5 })
        #expect(results.allSatisfy { (try? $0.get()) != nil })
    }

    @Test func aRequestALivePeerNeverAnswersStillTimesOut() throws {
        let pair = try ConnectionPair()
        let timer = try answerSlowlyInOrder(pair, skipping: ["lost"])
        defer { timer.close() }
        var lost: Result<JSONValue, RPCError>?
        var answered = 0
        pair.left.sendRequest(method: "lost", params: nil, timeoutMilliseconds: 100) { lost = $0 }
        for index in 0..<5 {
            pair.left.sendRequest(method: "m\(index)", params: nil, timeoutMilliseconds: 100) { _ in answered += 1 }
        }
        #expect(pair.loop.run { lost != nil && answered == 5 })
        guard case .failure(let error)? = lost else {
            Issue.record("expected a timeout")
            return
        }
        #expect(error.code == RPCErrorCode.requestTimedOut)
    }

    @Test func noTimeoutRunsWhileReadingIsPaused() throws {
        let pair = try ConnectionPair()
        pair.right?.onRequest = { _, responder in responder.succeed("done") }
        var result: Result<JSONValue, RPCError>?
        pair.left.pauseReading()
        pair.left.sendRequest(method: "m", params: nil, timeoutMilliseconds: 50) { result = $0 }
        // Paused for three times the timeout: the test's condition, not a wait for a result.
        let pause = try UVTimer(loop: pair.loop)
        var paused = true
        pause.start(after: 150) { paused = false }
        #expect(pair.loop.run { !paused })
        pause.close()
        #expect(result == nil)
        pair.left.resumeReading()
        #expect(pair.loop.run { result != nil })
        #expect(try result?.get() == "done")
    }

    /// What is owed to a peer that does not read counts against its input's budget: a flood
    /// of malformed lines is handled only until their errors cost more than the limit, the rest
    /// waits unread, and once the peer reads, every line gets its error.
    @Test func errorsOwedToAPeerThatDoesNotReadStopItsInput() throws {
        let pair = try ConnectionPair(rawRight: true, framing: .newlineDelimited)
        pair.left.pendingInputLimitBytes = 64 << 10
        var refused = 0
        pair.left.onProtocolError = { _ in refused += 1 }
        // 20,000 lines (80 kB, within the socket's buffer) whose errors come to about 1.8 MB.
        let count = 20_000
        let lines = Array(repeating: Array("{x}\n".utf8), count: count).flatMap { $0 }
        #expect(lines.withUnsafeBytes { write(pair.rightFD, $0.baseAddress, $0.count) } == lines.count)
        // The peer reads nothing for a while: the test's condition, not a wait for a result.
        _ = pair.loop.run(seconds: 1) { false }
        #expect(refused > 0 && refused < count, "\(refused) of \(count) lines handled while their errors were unread")
        let errors = pair.exchange([], expecting: count)
        #expect(errors.count == count)
        #expect(errors.allSatisfy { $0["error"]?["code"] == .int(RPCErrorCode.parseError) })
    }

    @Test func writeBackpressureIsReportedThenClearedAndNothingIsLost() throws {
        let pair = try ConnectionPair(maxMessageBytes: 4 << 20)
        var reports: [Bool] = []
        var received = 0
        pair.left.writeHighWaterBytes = 64 << 10
        pair.left.onWriteBackpressure = { reports.append($0) }
        pair.right?.onNotification = { _ in received += 1 }
        pair.right?.pauseReading()
        let payload = JSONValue.string(String(repeating: "x", count: 256 << 10))
        for _ in 0..<8 { pair.left.sendNotification(method: "big", params: ["data": payload]) }
        #expect(reports == [true])
        pair.right?.resumeReading()
        #expect(pair.loop.run { received == 8 && reports == [true, false] })
    }
}
