@testable import NavHostTools
import NavProtocol
import Testing

/// `navhost replay` costs one pass over a recording, however long: the count of compared
/// messages grows as they arrive, and replies are matched by key.
@Suite struct ReplayScalingTests {
    private func reply(_ id: Int, _ value: String = "ok") -> JSONValue {
        .object(["jsonrpc": "2.0", "id": .int(id), "result": .string(value)])
    }

    private var didIdle: JSONValue { .object(["jsonrpc": "2.0", "method": .string(DidIdleNotification.method)]) }

    @Test func theReceivedMessagesCountOnlyTheComparedOnesAsTheyArrive() {
        var received = ReceivedMessages()
        received.append(reply(1))
        received.append(didIdle)
        received.append(reply(2))
        received.append(didIdle)
        #expect(received.comparedCount == 2, "nav/didIdle is not compared")
        #expect(received.messages.count == 4, "every message is kept, in order")
        #expect(received.messages[1] == didIdle)
    }

    @Test func aLongSessionComparesEveryReplyByItsId() {
        let recorded = (1...20_000).map { reply($0) }
        let replayed = (1...20_000).reversed().map { reply($0, $0 == 7_777 ? "changed" : "ok") }
        let comparison = ReplayComparison(recorded: recorded, replayed: replayed + [reply(20_001)])
        #expect(comparison.comparedReplies == 20_000)
        #expect(comparison.differences == [
            #"reply to request 7777.result: recorded "ok", replay "changed""#,
            "reply to request 20001: sent on replay, not in the recording",
        ])
    }
}
