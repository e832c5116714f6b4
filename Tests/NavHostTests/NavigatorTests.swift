import NavProtocol
import Testing
import UVKit
@testable import NavHost

/// The stack: every change announced to the client, each screen served by its own worker, and
/// a popped screen's worker ended.
@Suite struct NavigatorTests {
    @Test func pushesAndPopsAreAnnouncedAndEndPoppedWorkers() throws {
        let host = try InProcessHost()
        let root = try host.initialize().stack[0]
        #expect(try host.next(DidChangeNotification.self).reason == .initialize)

        let pushed = try host.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        #expect(pushed.stack.map(\.kind) == ["users", "repositories"])
        #expect(pushed.screen.title == "mojombo's repositories")
        let change = try host.next(DidChangeNotification.self)
        #expect(change.reason == .push && change.stack == pushed.stack)
        let pushedWorker = try #require(host.workers.serving(pushed.screen.id))

        let popped = try host.send(PopRequest())
        #expect(popped.popped.id == pushed.screen.id && popped.stack.map(\.id) == [root.id])
        #expect(try host.next(DidChangeNotification.self).reason == .pop)
        try host.wait { pushedWorker.exitStatus != nil }
        #expect(pushedWorker.exitStatus == ProcessExitStatus(exitCode: 0, signal: 0), "asked to end, it ended by itself")

        #expect(try host.error(PopRequest.method).code == RPCErrorCode.invalidNavigation, "the root is never popped")
        #expect(try host.shutdown() == 0)
        #expect(host.workers.running.isEmpty)
    }

    @Test func aSelectionPushesWhatTheWorkerAsksFor() throws {
        let host = try InProcessHost()
        try host.initialize()
        let selected = try host.send(SelectRequest(rowId: "user:wycats"))
        #expect(selected.stack?.map(\.kind) == ["users", "repositories"])
        let rows = try host.send(RowsRequest(offset: 0, limit: 10))
        #expect(rows.rows.map(\.id) == FakeApp.repositories.map { "repo:wycats/\($0)" })
        #expect(try host.shutdown() == 0)
    }

    @Test func aPushPastTheDepthLimitIsRefused() throws {
        let host = try InProcessHost { $0.settings.maxStackDepth = 2 }
        try host.initialize()
        _ = try host.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        let error = try host.error(PushRequest.method, ["kind": "repositories", "params": ["login": "wycats"]])
        #expect(error.code == RPCErrorCode.invalidNavigation)
        #expect(try host.send(StackRequest()).stack.count == 2)
        #expect(host.workers.running.count == 2, "no worker started for the refused push")
        #expect(try host.shutdown() == 0)
    }
}
