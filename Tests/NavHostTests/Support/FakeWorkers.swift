import NavProtocol
import UVKit
@testable import NavHost

/// Starts fake workers (`FakeWorker`) where navhost spawns processes: the host under test runs
/// with no child process at all.
final class FakeWorkers: WorkerStarter {
    /// Every worker started, in order, the first one (which tells the kinds) first.
    private(set) var started: [FakeWorker] = []
    private var nextPid: Int32 = 1_000_000

    func start(_ command: WorkerCommandLine, loop: UVLoop, onExit: @escaping (ProcessExitStatus) -> Void) throws -> StartedWorker {
        nextPid += 1
        let (worker, ends) = try FakeWorker.start(pid: nextPid, loop: loop, onExit: onExit)
        started.append(worker)
        return ends
    }

    /// The running worker serving `screen`.
    func serving(_ screen: String) -> FakeWorker? {
        started.last { $0.screen?.id == screen && $0.exitStatus == nil }
    }

    /// Workers not yet ended.
    var running: [FakeWorker] { started.filter { $0.exitStatus == nil } }
}
