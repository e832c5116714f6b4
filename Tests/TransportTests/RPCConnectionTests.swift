import Glibc
import NavProtocol
import Testing
import Transport
import UVKit

/// Two connections joined by a socket pair on one loop, or one connection and a raw peer fd.
struct ConnectionPair {
    let loop = UVLoop()
    let left: RPCConnection
    let rightFD: Int32
    let right: RPCConnection?

    init(rawRight: Bool = false, maxMessageBytes: Int = 1 << 20, framing: Framing? = nil) throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        let leftPipe = try UVPipe(loop: loop, fileDescriptor: fds[0])
        left = RPCConnection(loop: loop, name: "left", reader: leftPipe, writer: leftPipe, framing: framing, maxMessageBytes: maxMessageBytes)
        rightFD = fds[1]
        if rawRight {
            right = nil
        } else {
            let rightPipe = try UVPipe(loop: loop, fileDescriptor: fds[1])
            right = RPCConnection(loop: loop, name: "right", reader: rightPipe, writer: rightPipe, framing: .newlineDelimited, maxMessageBytes: maxMessageBytes)
            try right?.start()
        }
        try left.start()
    }

    /// Writes raw bytes as the peer and returns the JSON values the connection answered.
    func exchange(_ bytes: [UInt8], expecting count: Int) -> [JSONValue] {
        _ = bytes.withUnsafeBytes { write(rightFD, $0.baseAddress, $0.count) }
        var framer = MessageFramer(framing: .newlineDelimited)
        var replies: [JSONValue] = []
        let reader = try? UVPipe(loop: loop, fileDescriptor: dup(rightFD))
        reader?.onRead = { chunk in
            framer.append(chunk)
            while case .message(let body)? = framer.nextEvent() {
                if let value = try? JSONValue(parsing: body) { replies.append(value) }
            }
        }
        try? reader?.startReading()
        _ = loop.run(seconds: 5) { replies.count >= count }
        reader?.close()
        return replies
    }
}

@Suite struct RPCConnectionTests {
    /// What navhost's warm spare waits on: a pause in the client's work.
    @Test func idleSinceIsNilWhileARequestWaitsThenTheAnswersTime() throws {
        let pair = try ConnectionPair()
        let started = try #require(pair.left.idleSince)
        // 30 ms of the loop's time pass with nothing from the peer: still idle since the start.
        func pass(_ milliseconds: UInt64) throws {
            let pause = try UVTimer(loop: pair.loop)
            defer { pause.close() }
            var paused = false
            pause.start(after: milliseconds) { paused = true }
            #expect(pair.loop.run { paused })
        }
        try pass(30)
        #expect(pair.left.idleSince == started)
        var waiting: RPCResponder?
        pair.left.onRequest = { _, responder in waiting = responder }
        var answer: Result<JSONValue, RPCError>?
        pair.right?.sendRequest(method: "slow", params: nil, timeoutMilliseconds: 5000) { answer = $0 }
        #expect(pair.loop.run { waiting != nil })
        #expect(pair.left.idleSince == nil, "a request of the peer's is unanswered")
        try pass(30)
        let answeredAt = pair.loop.now
        waiting?.succeed("done")
        #expect(pair.left.idleSince.map { $0 >= answeredAt && answeredAt >= started + 60 } == true)
        #expect(pair.loop.run { answer != nil })
        // A notification is work too.
        let idleBefore = try #require(pair.left.idleSince)
        try pass(30)
        var notified = false
        pair.left.onNotification = { _ in notified = true }
        pair.right?.sendNotification(method: "note", params: nil)
        #expect(pair.loop.run { notified })
        #expect(pair.left.idleSince.map { $0 >= idleBefore + 30 } == true)
    }

    @Test func requestIsAnsweredAndNotificationDelivered() throws {
        let pair = try ConnectionPair()
        var notified: RPCNotification?
        pair.right?.onRequest = { request, responder in responder.succeed(["echo": request.params ?? .null]) }
        pair.right?.onNotification = { notified = $0 }
        var result: Result<JSONValue, RPCError>?
        pair.left.sendRequest(method: "echo", params: ["a": 1], timeoutMilliseconds: 5000) { result = $0 }
        pair.left.sendNotification(method: "note", params: ["b": true])
        #expect(pair.loop.run { result != nil && notified != nil })
        #expect(try result?.get() == ["echo": ["a": 1]])
        #expect(notified == RPCNotification(method: "note", params: ["b": true]))
    }

    @Test func unansweredRequestTimesOut() throws {
        let pair = try ConnectionPair()
        pair.right?.onRequest = { _, _ in }
        var result: Result<JSONValue, RPCError>?
        pair.left.sendRequest(method: "never", params: nil, timeoutMilliseconds: 50) { result = $0 }
        #expect(pair.loop.run { result != nil })
        guard case .failure(let error)? = result else { Issue.record("expected a timeout"); return }
        #expect(error.code == RPCErrorCode.requestTimedOut)
        #expect(error.message.contains("never"))
    }

    @Test func closingFailsOutstandingRequests() throws {
        let pair = try ConnectionPair()
        pair.right?.onRequest = { _, _ in }
        var result: Result<JSONValue, RPCError>?
        pair.left.sendRequest(method: "pending", params: nil, timeoutMilliseconds: nil) { result = $0 }
        pair.left.close()
        guard case .failure(let error)? = result else { Issue.record("expected a failure"); return }
        #expect(error.code == RPCErrorCode.workerFailed)
    }

    /// A responder holds its connection (strongly: see `RPCResponder`); closing the connection
    /// lets go of the requests it never answered, so nothing keeps it alive after its owner.
    @Test func aClosedConnectionIsFreedWithTheRequestsItNeverAnswered() throws {
        let loop = UVLoop()
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { Glibc.close(fds[1]) }
        weak var released: RPCConnection?
        var received = 0
        do {
            let pipe = try UVPipe(loop: loop, fileDescriptor: fds[0])
            let connection = RPCConnection(loop: loop, name: "peer", reader: pipe, writer: pipe, framing: nil, maxMessageBytes: 1 << 20)
            released = connection
            // The handler drops each responder without answering.
            connection.onRequest = { _, _ in received += 1 }
            try connection.start()
            let requests = Array((#"{"jsonrpc":"2.0","id":1,"method":"never"}"# + "\n" + #"{"jsonrpc":"2.0","id":"b","method":"never"}"# + "\n").utf8)
            _ = requests.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            #expect(loop.run { received == 2 })
            #expect(connection.unansweredIncomingCount == 2)
            connection.close()
        }
        #expect(released == nil)
    }

    @Test func batchGetsOneArrayWithoutNotificationReplies() throws {
        let pair = try ConnectionPair(rawRight: true)
        pair.left.onRequest = { request, responder in responder.succeed(.string(request.method)) }
        let batch = #"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":"x","method":"b"},1]"# + "\n"
        let replies = pair.exchange(Array(batch.utf8), expecting: 1)
        #expect(replies.count == 1)
        let array = replies.first?.arrayValue ?? []
        #expect(array.count == 3)
        #expect(array.contains { $0["id"] == 1 && $0["result"] == "a" })
        #expect(array.contains { $0["id"] == "x" && $0["result"] == "b" })
        #expect(array.contains { $0["id"] == .null && $0["error"]?["code"] == .int(-32600) })
    }

    /// A batch's answer stays within the message limit: an entry whose result would take it over
    /// is answered with an error naming the limit, and the entries after it still fit.
    @Test func aBatchEntryWhoseResultWouldOverflowTheAnswerGetsAnError() throws {
        let pair = try ConnectionPair(rawRight: true, maxMessageBytes: 1024)
        pair.left.onRequest = { request, responder in
            responder.succeed(.string(request.method == "big" ? String(repeating: "x", count: 2000) : request.method))
        }
        let batch = #"[{"jsonrpc":"2.0","id":1,"method":"small"},{"jsonrpc":"2.0","id":2,"method":"big"},{"jsonrpc":"2.0","id":3,"method":"last"}]"# + "\n"
        let replies = pair.exchange(Array(batch.utf8), expecting: 1)
        let array = replies.first?.arrayValue ?? []
        #expect(array.count == 3)
        #expect(array.contains { $0["id"] == 1 && $0["result"] == "small" })
        #expect(array.contains { $0["id"] == 2 && $0["error"]?["code"] == .int(RPCErrorCode.messageTooLarge) && $0["error"]?["data"]?["limit"] == 1024 })
        #expect(array.contains { $0["id"] == 3 && $0["result"] == "last" })
    }

    /// Once an answer did not fit, the batch is full: an entry that asks before running is
    /// answered "not run" (`ran: false`), the one whose answer was dropped `ran: true`.
    @Test func entriesOfAFullBatchAreAnsweredWithoutRunning() throws {
        let pair = try ConnectionPair(rawRight: true, maxMessageBytes: 1024)
        var ran: [String] = []
        pair.left.onRequest = { request, responder in
            guard !responder.refuseIfBatchIsFull() else { return }
            ran.append(request.method)
            responder.succeed(.string(request.method == "big" ? String(repeating: "x", count: 2000) : request.method))
        }
        let batch = #"[{"jsonrpc":"2.0","id":1,"method":"small"},{"jsonrpc":"2.0","id":2,"method":"big"},{"jsonrpc":"2.0","id":3,"method":"last"}]"# + "\n"
        let array = pair.exchange(Array(batch.utf8), expecting: 1).first?.arrayValue ?? []
        #expect(ran == ["small", "big"])
        #expect(array.count == 3)
        #expect(array.contains { $0["id"] == 1 && $0["result"] == "small" })
        #expect(array.contains { $0["id"] == 2 && $0["error"]?["code"] == .int(RPCErrorCode.messageTooLarge) && $0["error"]?["data"]?["ran"] == true })
        #expect(array.contains { $0["id"] == 3 && $0["error"]?["code"] == .int(RPCErrorCode.messageTooLarge) && $0["error"]?["data"]?["ran"] == false })
    }

    /// A result passed on as bytes (a worker's answer) goes into a batch's answer as it is,
    /// beside one built as a value.
    @Test func aBatchCarriesResultsPassedOnAsBytes() throws {
        let pair = try ConnectionPair(rawRight: true)
        pair.left.onRequest = { request, responder in
            if request.method == "raw" {
                responder.succeed(raw: Array(#"{"rows":[1,2]}"#.utf8)[...])
            } else {
                responder.succeed(.string(request.method))
            }
        }
        let batch = #"[{"jsonrpc":"2.0","id":1,"method":"raw"},{"jsonrpc":"2.0","id":2,"method":"value"}]"# + "\n"
        let array = pair.exchange(Array(batch.utf8), expecting: 1).first?.arrayValue ?? []
        #expect(array.count == 2)
        #expect(array.contains { $0["id"] == 1 && $0["result"] == ["rows": [1, 2]] })
        #expect(array.contains { $0["id"] == 2 && $0["result"] == "value" })
    }

    @Test func cancelRequestAnswersCancelledAndRunsTheHandler() throws {
        let pair = try ConnectionPair(rawRight: true)
        var cancelled = false
        pair.left.onRequest = { _, responder in responder.onCancel = { cancelled = true } }
        let messages = #"{"jsonrpc":"2.0","id":7,"method":"slow"}"# + "\n" + #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"# + "\n"
        let replies = pair.exchange(Array(messages.utf8), expecting: 1)
        #expect(replies.first?["id"] == 7)
        #expect(replies.first?["error"]?["code"] == .int(RPCErrorCode.requestCancelled))
        #expect(cancelled)
    }

    @Test func oversizedMessageIsRefusedAndTheNextOneServed() throws {
        let pair = try ConnectionPair(rawRight: true, maxMessageBytes: 1024)
        pair.left.onRequest = { request, responder in responder.succeed(.string(request.method)) }
        let big = #"{"jsonrpc":"2.0","id":1,"method":"big","params":[""# + String(repeating: "x", count: 5000) + "\"]}\n"
        let small = #"{"jsonrpc":"2.0","id":2,"method":"small"}"# + "\n"
        let replies = pair.exchange(Array((big + small).utf8), expecting: 2)
        #expect(replies.count == 2)
        #expect(replies.first?["id"] == .null)
        #expect(replies.first?["error"]?["code"] == .int(RPCErrorCode.messageTooLarge))
        #expect(replies.last?["id"] == 2)
        #expect(replies.last?["result"] == "small")
    }
}
