import NavClient
import NavProtocol
import Testing

/// Deep screens give up their worker and come back from their restoration token.
@Suite struct HibernationTests {
    @Test func deepScreensHibernateAndWakeWithTheirStateWhenTheClientComesBack() throws {
        let host = try HostUnderTest(["--awake-screens", "2"])
        try host.initialize()
        _ = try host.client.send(QueryRequest(text: "mojombo"))
        let root = try host.rows()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let filteredBefore = try host.client.send(QueryRequest(text: "gr"))
        _ = try host.client.send(PushRequest(kind: "repository", params: ["owner": "mojombo", "name": "grit"]))
        _ = try host.client.send(PushRequest(kind: "followers", params: ["login": "mojombo"]))
        _ = try host.client.waitIdle(timeout: 10)
        // Four screens, two awake: the two deepest have no process.
        #expect(try host.stack().count == 4)
        #expect(host.workers().count == 2)
        let audit = try host.client.request("host/processes")
        let states = audit["screens"]?.arrayValue?.compactMap { $0["state"]?.stringValue } ?? []
        #expect(states == ["hibernating", "hibernating", "running", "running"], "\(audit)")

        // Reading a hibernating screen wakes it, with its query restored.
        let stack = try host.stack()
        let filtered = try host.rows(stack[1].id)
        #expect(filtered.rows.map(\.id) == ["repo:mojombo/grit"], "the query 'gr' survived hibernation")
        #expect(filtered.revision > filteredBefore.revision, "revisions go on from the token, never back")
        // Popping back to the root: it wakes with its search.
        _ = try host.client.send(PopToRootRequest())
        _ = try host.client.waitIdle(timeout: 10)
        #expect(try host.rows().rows.map(\.id) == root.rows.map(\.id))
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}

@Suite struct HibernationEdgeTests {
    @Test func reloadingAHibernatingScreenLeavesOneWorkerAndTheHostEnds() throws {
        let host = try HostUnderTest(["--awake-screens", "1"])
        let root = try host.initialize().stack[0]
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        _ = try host.client.waitIdle(timeout: 10)
        #expect(host.workers().count == 1, "the root hibernates")
        _ = try host.client.request("screen/reload", ["screen": .string(root.id)])
        #expect(try host.rows(root.id).rows.isEmpty == false)
        _ = try host.client.waitIdle(timeout: 10)
        #expect(host.workers().count == 2, "one worker per awake screen, no stray one")
        // Another push: the root hibernates again, and rendering it wakes it.
        _ = try host.client.send(PushRequest(kind: "repository", params: ["owner": "mojombo", "name": "grit"]))
        _ = try host.client.waitIdle(timeout: 10)
        #expect(host.workers().count == 1)
        let render = try host.client.request("screen/render", ["screen": .string(root.id)])
        #expect(render["text"]?.stringValue?.contains("POPULAR") == true)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
