import NavClient
import NavProtocol

/// One host for one flow: starts `navhost serve` through NavClient, and reads the screens
/// after letting the host settle with `nav/waitIdle` (never a sleep).
final class FlowDriver {
    let client: NavClient
    let stepTimeout: Double

    init(navhost: String, hostArguments: [String], stepTimeout: Double) throws {
        client = try NavClient(executable: navhost, arguments: ["serve"] + hostArguments)
        self.stepTimeout = stepTimeout
        client.onStderr = { text in FileOutput.standardError(text) }
        try client.initialize(clientName: "navhost run", timeout: stepTimeout)
    }

    /// Waits until nothing is in flight, and forgets the notifications seen so far.
    func settle() throws {
        try client.waitIdle(timeout: stepTimeout)
        _ = client.drainNotifications()
    }

    /// The top screen with every row, and its depth.
    func topScreen() throws -> (screen: ScreenSnapshot, depth: Int) {
        let stack = try client.send(StackRequest(), timeout: stepTimeout).stack
        guard let top = stack.last else { throw NavClientError.unexpectedReply("an empty stack") }
        return (try ScreenWindows.readWhole(client, top, timeout: stepTimeout), stack.count)
    }

    /// Every screen of the stack with every row, root first.
    func stack() throws -> [ScreenSnapshot] {
        try ScreenWindows.readStack(client, timeout: stepTimeout)
    }

    /// Ends the host cleanly; a host that does not is killed when the client goes.
    func finish() {
        _ = try? client.shutdownAndExit(timeout: stepTimeout)
    }
}

/// Why a step failed: what it expected, what it found, and the screen to show with the first
/// mismatch marked.
struct FlowFailure: Error {
    var expectation: String
    var found: String
    var screen: ScreenSnapshot?
    var depth: Int?
    var mark: ScreenText.Mark?
    /// Lines shown before the screen: a stack listing, a snapshot diff.
    var details: [String] = []
}
