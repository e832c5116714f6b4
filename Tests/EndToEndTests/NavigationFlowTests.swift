import NavClient
import UVKit
import NavProtocol
import Testing

@Suite struct NavigationFlowTests {
    @Test(arguments: [Framing.newlineDelimited, Framing.contentLength])
    func searchRepositoriesDetailAndBack(framing: Framing) throws {
        let host = try HostUnderTest(framing: framing)
        let initialized = try host.initialize()
        #expect(initialized.serverInfo.name == "navhost")
        #expect(initialized.stack.map(\.kind) == ["users"])
        #expect(try host.client.nextNotification(DidChangeNotification.method).params?["reason"] == "initialize")

        // Search: the query's results replace the popular list, and the client is told.
        let searched = try host.client.send(QueryRequest(text: "mojombo"))
        // The results land as one new revision (the pending query itself said it was loading).
        let update = try host.client.nextNotification(DidUpdateNotification.method)
        #expect(update.params?["revision"] == .int(searched.revision))
        #expect(update.params?["loading"] == false)
        #expect(update.params?["reset"] == true, "the random-access popular list is replaced wholesale, not diffed")
        #expect(update.params?["screen"] == .string(initialized.stack[0].id))
        let users = try host.rows()
        #expect(users.rows.first?.id == "user:mojombo", "an exact login match ranks first")

        // Select the user: a repositories screen is pushed in a new worker.
        let workersBefore = host.workers().count
        let selected = try host.select("user:mojombo")
        #expect(selected.action == .push)
        #expect(selected.pushed?.kind == "repositories")
        #expect(selected.pushed?.params == ["login": "mojombo"])
        #expect(selected.stack?.map(\.kind) == ["users", "repositories"])
        #expect(host.workers().count == workersBefore + 1)
        let pushed = try host.client.nextNotification(DidChangeNotification.method)
        #expect(pushed.params?["reason"] == "push")
        let repositories = try host.rows()
        #expect(repositories.screen == selected.pushed?.id)
        #expect(repositories.rows.contains { $0.id == "repo:mojombo/grit" })
        let repositoryRows = repositories.rows.filter { $0.id.hasPrefix("repo:") }
        #expect(repositoryRows.count == repositories.rows.count - 1, "the repositories, then the row of the user's stars")
        #expect(repositoryRows.allSatisfy { $0.kind == "repository" && $0.accessory == .disclosure })
        #expect(repositories.rows.last?.id == "account:starred")

        // Select a repository: its detail, in sections with several row kinds.
        let detail = try host.select("repo:mojombo/grit")
        #expect(detail.pushed?.kind == "repository")
        #expect(detail.pushed?.title == "mojombo/grit")
        let detailRows = try host.rows()
        #expect(Set(detailRows.sections.map(\.id)).isSuperset(of: ["about", "stats", "links"]))
        #expect(Set(detailRows.rows.map(\.kind)).count > 1)
        #expect(detailRows.sections.reduce(0) { $0 + $1.count } == detailRows.rows.count)

        // Back twice: each screen below is back with its state, because its process was kept.
        let popped = try host.client.send(PopRequest())
        #expect(popped.popped.kind == "repository")
        #expect(try host.rows() == repositories)
        _ = try host.client.send(PopRequest())
        #expect(try host.rows() == users)
        #expect(try host.stack().count == 1)

        let rootPop = host.expectError(PopRequest.method)
        #expect(rootPop?.code == RPCErrorCode.invalidNavigation)
        #expect(rootPop?.message == "cannot pop the root screen")

        let status = try host.shutdown()
        #expect(status == ProcessExitStatus(exitCode: 0, signal: 0))
        host.expectNoWorkerLeft()
    }

    @Test func poppedWorkersExitAndPopToRootEndsAllAboveTheRoot() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let root = host.workers()
        _ = try host.client.send(PushRequest(kind: "repositories", params: ["login": "mojombo"]))
        _ = try host.client.send(PushRequest(kind: "repository", params: ["owner": "mojombo", "name": "grit"]))
        let all = host.workers()
        #expect(all.count == 3)
        let result = try host.client.send(PopToRootRequest())
        #expect(result.popped.map(\.kind) == ["repositories", "repository"])
        #expect(result.stack.count == 1)
        // The popped workers end (they get `shutdown`, then `exit`); the host is idle once it reaped them.
        try host.client.waitIdle()
        #expect(Set(host.workers()) == Set(root), "popped workers still running: \(host.workers())")
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func selectingInALowerScreenReplacesTheScreensAboveIt() throws {
        let host = try HostUnderTest()
        let root = try host.initialize().stack[0]
        _ = try host.client.send(QueryRequest(text: "mojombo"))
        _ = try host.select("user:mojombo")
        _ = try host.select("repo:mojombo/grit")
        #expect(try host.stack().count == 3)
        let again = try host.client.send(SelectRequest(screen: root.id, rowId: "user:mojombo"))
        #expect(again.stack?.map(\.kind) == ["users", "repositories"])
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// `rows` on a selection brings the pushed screen's first rows with the answer: the same rows
    /// and revision a `screen/rows` of them gives, with or without the warm spare.
    @Test(arguments: [[], ["--warm-spare"]])
    func aSelectionCanBringThePushedScreensFirstRows(arguments: [String]) throws {
        let host = try HostUnderTest(arguments)
        try host.initialize()
        _ = try host.client.send(QueryRequest(text: "mojombo"))
        let selected = try host.client.send(SelectRequest(rowId: "user:mojombo", rows: 3))
        let pushed = try #require(selected.pushed)
        let first = try #require(selected.pushedRows)
        #expect(first.screen == pushed.id)
        #expect(first.rows.count == 3)
        let read = try host.client.send(RowsRequest(screen: pushed.id, offset: 0, limit: 3))
        #expect(first == read)
        // Without `rows`, no rows come along; a selection that does not push ignores it.
        let again = try host.client.send(SelectRequest(rowId: "repo:mojombo/grit"))
        #expect(again.action == .push && again.pushedRows == nil)
        let link = try #require(try host.rows().rows.first { $0.section == "links" })
        #expect(try host.client.send(SelectRequest(rowId: link.id, rows: 10)).pushedRows == nil)
        #expect(host.expectError(SelectRequest.method, ["rowId": "repo:mojombo/grit", "rows": 5000])?.code == RPCErrorCode.invalidParams)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func linkRowsHandBackAURLAndPushNothing() throws {
        let host = try HostUnderTest()
        try host.initialize()
        _ = try host.client.send(PushRequest(kind: "repository", params: ["owner": "mojombo", "name": "grit"]))
        let links = try host.rows().rows.filter { $0.section == "links" }
        let link = try #require(links.first)
        let selected = try host.select(link.id)
        #expect(selected.action == .openURL)
        #expect(selected.url?.hasPrefix("https://") == true)
        #expect(try host.stack().count == 2)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func rowWindowsAndSections() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let all = try host.rows()
        #expect(all.rows.count >= 10)
        let window = try host.client.send(RowsRequest(offset: 3, limit: 4))
        #expect(window.rows == Array(all.rows[3..<7]))
        let section = try #require(all.sections.first)
        let inSection = try host.client.send(RowsRequest(section: section.id, offset: 0, limit: 1000))
        #expect(inSection.rows.count == section.count)
        let missing = host.expectError(RowsRequest.method, ["section": "nope"])
        #expect(missing?.message.contains("nope") == true)
        #expect(try host.shutdown().exitCode == 0)
    }
}
