import Glibc
import NavProtocol
import ProcessSupport
import UVKit

/// `host/processes`: each screen's worker as /proc sees it.
struct ProcessAudit {
    let navigator: Navigator
    let loop: UVLoop

    func report() -> ProcessesRequest.Response {
        let now = loop.now
        let screens = navigator.entries.map { entry -> ScreenProcess in
            let worker = entry.failure == nil ? entry.runningWorker : nil
            let state = worker != nil ? "running" : (entry.isHibernating ? "hibernating" : "failed")
            return ScreenProcess(
                screen: entry.screen.id, kind: entry.screen.kind, state: state,
                pid: worker.map { Int($0.pid) },
                rssBytes: worker.flatMap { ProcessTable.residentBytes(of: $0.pid) },
                uptimeSeconds: worker.map { Double(now - $0.startedAt) / 1000 },
                restarts: entry.restarts.count, stderrTail: entry.worker?.stderrTail ?? [])
        }
        let pid = getpid()
        return ProcessesRequest.Response(
            host: HostProcess(pid: Int(pid), rssBytes: ProcessTable.residentBytes(of: pid) ?? 0, openFileDescriptors: ProcessTable.openFileDescriptors(of: pid)),
            screens: screens)
    }
}
