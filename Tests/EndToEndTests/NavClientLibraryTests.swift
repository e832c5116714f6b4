import NavClient
import Testing

/// The example of docs/automation.md, as a user of the NavClient library would write it.
@Suite struct NavClientLibraryTests {
    @Test func gritIsOneOfMojombosRepositories() throws {
        let client = try NavClient(executable: BuildProducts.path(of: "navhost"), arguments: ["serve"])
        let initialized = try client.initialize(clientName: "my tests")
        #expect(initialized.capabilities.methods.contains(WaitIdleRequest.method))
        try client.open("users/mojombo")
        let screen = try client.readScreen()
        #expect(screen.screen.kind == "repositories")
        #expect(screen.row(id: "repo:mojombo/grit") != nil)

        #expect(client.drainNotifications().map(\.method).contains(DidChangeNotification.method), "open changed the stack")
        _ = try client.send(SelectRequest(rowId: "repo:mojombo/grit"))
        let version = try client.waitIdle()
        let pushed = try client.nextNotification(DidChangeNotification.self)
        #expect(pushed.reason == .push)
        #expect(pushed.stack.last?.title == "mojombo/grit")
        #expect(try client.nextDidIdle(reaching: version) == version)
        #expect(try client.render().hasPrefix("┌─ mojombo/grit · repository s3 (depth 3)"))
        #expect(try client.readStack().map(\.screen.kind) == ["users", "repositories", "repository"])
        #expect(try client.waitIdle() == version, "reading changes nothing")
        #expect(try client.shutdownAndExit().exitCode == 0)
    }

    /// `perform(_:confirming:)`: a destructive action asks; only a yes sends the token.
    @Test func aDestructiveActionIsPerformedOnlyWhenConfirmed() throws {
        let session = try ActionHost()
        try session.host.initialize()
        try session.open("users/mojombo/repositories/chronic/issues/1")
        let close = PerformRequest(action: "close", input: ["reason": "not_planned"])
        var asked: [String] = []
        let declined = try session.client.perform(close) { answer in
            asked.append(answer.message ?? "")
            return false
        }
        #expect(declined.status == .confirm && asked.count == 1 && asked[0].hasPrefix("Close #1 "), "\(asked)")
        #expect(try session.row("about:state")?["values"]?["state"] == "open")
        let done = try session.client.perform(close) { _ in true }
        #expect(done.status == .done)
        #expect(try session.row("about:state")?["values"]?["state"] == "closed")
        let commented = try session.client.perform(PerformRequest(action: "comment", input: ["body": "Seen."])) { _ in
            Issue.record("a comment asks no confirmation")
            return false
        }
        #expect(commented.status == .done)
        try session.shutdown()
    }
}
