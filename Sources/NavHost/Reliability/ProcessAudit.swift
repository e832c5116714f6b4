import Glibc
import NavClient
import NavProtocol

/// `host/processes`: each screen's worker as /proc sees it.
struct ProcessAudit {
    let host: Host

    func report() -> ProcessesRequest.Response {
        let now = host.loop.now
        let screens = host.navigator.entries.map { entry -> ScreenProcess in
            let worker = entry.worker
            let running = entry.failure == nil && worker.isRunning
            return ScreenProcess(
                screen: entry.screen.id, kind: entry.screen.kind, state: running ? "running" : (entry.isHibernating ? "hibernating" : "failed"),
                pid: running ? Int(worker.pid) : nil,
                rssBytes: running ? ProcessTable.residentBytes(of: worker.pid) : nil,
                uptimeSeconds: running ? Double(now - worker.startedAt) / 1000 : nil,
                restarts: entry.restarts.count, stderrTail: worker.stderrTail)
        }
        let pid = getpid()
        return ProcessesRequest.Response(
            host: HostProcess(pid: Int(pid), rssBytes: ProcessTable.residentBytes(of: pid) ?? 0, openFileDescriptors: ProcessTable.openFileDescriptors(of: pid)),
            screens: screens)
    }
}
