import Glibc
import NavClient
import NavProtocol
import Testing

/// What "nothing leaks" means for a running navhost: its file descriptors back at the count
/// they had, and its only descendants the workers of the screens on the stack.
struct LeakCheck {
    let host: HostUnderTest
    let baselineDescriptors: Int

    /// Take after `initialize`, with the stack as it will be at `expectNoLeak`.
    init(_ host: HostUnderTest) {
        self.host = host
        baselineDescriptors = ProcessTable.openFileDescriptors(of: host.client.pid)
    }

    /// Waits (with a deadline) for a killed worker's pipes to close, then checks.
    func expectNoLeak(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pid = host.client.pid
        let settled = host.client.pump(seconds: 5) { ProcessTable.openFileDescriptors(of: pid) == baselineDescriptors }
        #expect(settled, "navhost has \(ProcessTable.openFileDescriptors(of: pid)) fds open, \(baselineDescriptors) before", sourceLocation: sourceLocation)
        let audit = try host.client.send(ProcessesRequest())
        let workers = Set(audit.screens.compactMap(\.pid).map(Int32.init))
        let descendants = Set(ProcessTable.descendants(of: pid).filter(ProcessTable.isAlive))
        #expect(descendants == workers, "navhost's processes \(descendants), its screens' workers \(workers)", sourceLocation: sourceLocation)
        #expect(workers.count == audit.screens.filter { $0.state == "running" }.count, sourceLocation: sourceLocation)
    }
}
