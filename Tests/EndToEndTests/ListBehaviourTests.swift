import Glibc
import NavClient
import NavProtocol
import Testing

/// The generic list controller's behaviours, through the real navhost and screen-worker.
@Suite struct ListBehaviourTests {
    @Test func searchResultsPageInAsTheClientReadsNearTheEnd() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let searched = try host.client.send(QueryRequest(text: "a"))
        let first = try #require(searched.sections.first)
        #expect(first.hasMore == true)
        // Reading the last rows loaded asks for the next page, which lands as a new revision.
        _ = try host.client.send(RowsRequest(offset: first.count - 5, limit: 5))
        // Earlier updates (the search's own revision, "loading more") come first: wait for the page.
        var update = try host.client.nextNotification(DidUpdateNotification.method)
        while update.params?["revision"] != .int(searched.revision + 1) {
            update = try host.client.nextNotification(DidUpdateNotification.method)
        }
        let inserted = update.params?["changes"]?["inserted"]?.arrayValue ?? []
        #expect(!inserted.isEmpty)
        #expect(inserted.first?["index"] == .int(first.count), "new rows are appended after the ones the client has")
        let rows = try host.rows()
        #expect(rows.revision == searched.revision + 1)
        #expect(rows.sections.first?.count == first.count + inserted.count)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func rowsOfARevisionThatIsGoneAreRefused() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let before = try host.rows()
        _ = try host.client.send(QueryRequest(text: "mojombo"))
        let error = host.expectError(RowsRequest.method, ["revision": .int(before.revision), "limit": 10])
        #expect(error?.code == RPCErrorCode.revisionGone)
        #expect(error?.data?["current"] == .int(before.revision + 1))
        #expect(try host.client.send(RowsRequest(limit: 10, revision: before.revision + 1)).rows.first?.id == "user:mojombo")
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func onlyTheLastQueryIsShownWhenQueriesComeFasterThanTheDebounce() throws {
        let host = try HostUnderTest(["--query-debounce", "300"])
        try host.initialize()
        for (id, text) in [(101, "m"), (102, "mo"), (103, "moj")] {
            host.client.send(["jsonrpc": "2.0", "id": .int(id), "method": "screen/query", "params": ["text": .string(text)]])
        }
        let last = try host.client.send(QueryRequest(text: "mojombo"))
        var superseded: [JSONValue] = []
        for _ in 0..<3 { superseded.append(try host.client.nextReply()) }
        #expect(Set(superseded.compactMap { $0["id"]?.intValue }) == [101, 102, 103])
        #expect(superseded.allSatisfy { $0["error"]?["code"] == .int(RPCErrorCode.requestCancelled) })
        #expect(last.sections.first?.header == "Users matching 'mojombo'")
        let updates = host.client.drainNotifications().filter { $0.method == DidUpdateNotification.method }
        #expect(updates.count == 1, "one new revision for the one query that loaded, none for the superseded ones")
        #expect(try host.rows().rows.map(\.id) == ["user:mojombo"])
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func aScreenCanOpenAlreadyFilteredAndRefusesABadQueryParam() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let pushed = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo", "query": "gr"]))
        #expect(try host.rows(pushed.screen.id).rows.map(\.id) == ["repo:mojombo/grit"])
        let bad = host.expectError(PushRequest.method, ["kind": "followers", "params": ["login": "mojombo", "query": 3]])
        #expect(bad?.message == "params.query must be a string, found a number")
        #expect(try host.shutdown().exitCode == 0)
    }
}

@Suite struct CancelledNavigationTests {
    @Test func aCancelledSelectionPushesNothingEvenIfItsWorkerAsksLate() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let worker = try #require(host.workers().first)
        kill(worker, SIGSTOP)
        host.client.send(["jsonrpc": "2.0", "id": 50, "method": "screen/select", "params": ["rowId": "user:mojombo"]])
        host.client.notify("$/cancelRequest", ["id": 50])
        let reply = try host.client.nextReply()
        #expect(reply["error"]?["code"] == .int(RPCErrorCode.requestCancelled))
        kill(worker, SIGCONT)
        // Whatever the worker asks for after the cancellation is refused; the stack stays.
        _ = try host.client.waitIdle(timeout: 10)
        #expect(try host.stack().count == 1)
        #expect(!host.client.drainNotifications().contains { $0.method == DidChangeNotification.method && $0.params?["reason"] == "push" })
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
