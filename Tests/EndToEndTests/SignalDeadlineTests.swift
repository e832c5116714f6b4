import Glibc
import NavClient
import NavProtocol
import Testing

/// A signal ends navhost in bounded time whatever the client does: the workers are stopped
/// while the client is given its time to read, not before it.
@Suite struct SignalDeadlineTests {
    /// SIGTERM while navhost's output to the client is full (the client reads nothing): navhost
    /// and every worker it had are gone once the 2 s the client gets to read are over. The stop
    /// grace is 10 s here, so an end that waited out the workers' grace before the client's
    /// drain (12 s) fails the 6 s deadline by far, while a busy machine cannot fail it by chance.
    @Test func aSignalEndsNavhostWithinItsDrainWhileTheClientIsNotReading() throws {
        let host = try HostUnderTest(["--warm-spare", "--log-level", "debug", "--stop-grace", "10"])
        let root = try host.initialize().stack[0].id
        _ = try host.select("user:mojombo")
        host.client.pauseReading()
        // Pages of the root's rows (a long list) until navhost says it has more for the client than its high-water mark
        // (4 MiB): the kernel's buffer is full, and navhost stops reading its workers.
        let blocked = "client is not reading: pausing reads from workers"
        var sent = 0
        while !host.client.stderrText.contains(blocked), sent < 600 {
            for _ in 0..<20 {
                host.client.send(["jsonrpc": "2.0", "id": .int(sent), "method": "screen/rows", "params": ["screen": .string(root), "offset": 0, "limit": 1000]])
                sent += 1
            }
            _ = host.client.pump(seconds: 2) { host.client.stderrText.contains(blocked) }
        }
        try #require(host.client.stderrText.contains(blocked), "navhost's output to the client never filled up")
        host.noteWorkers()
        host.client.signal(SIGTERM)
        let status = try host.client.waitForExit(timeout: 6)
        #expect(status.exitCode == 0)
        host.expectNoWorkerLeft()
    }
}
