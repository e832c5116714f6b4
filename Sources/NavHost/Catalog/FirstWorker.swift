import NavProtocol
import Transport
import UVKit

/// The worker navhost starts first, before it reads a message: it tells the host the built-in
/// kinds (`worker/kinds`), then waits as the warm spare, which the root screen takes when its kind
/// is built in (`WorkerSpawner`). A session's start so pays for one worker's start, where a
/// query process that printed the kinds and exited came before the root's own worker.
struct FirstWorker {
    let process: WorkerProcess
    private let executable: String

    /// Starts the first worker and loads the catalog: the built-in kinds the worker tells, then
    /// each screens file's. The one start for a host and for `navhost kinds`; on a failure the
    /// worker is ended before the error is thrown.
    static func start(
        configuration: HostConfiguration, starter: any WorkerStarter, loop: UVLoop, log: Log, events: WorkerEvents
    ) throws(CatalogError) -> (FirstWorker, ScreenCatalog) {
        // It rehearses a push as any spare does, even when a built-in root takes it at
        // `initialize` and so stops the rehearsal just begun: measured, a root's worker that began
        // rehearsing had spent less CPU by then than one that warmed its snapshot instead
        // (docs/performance.md, "navhost's start").
        let worker = try FirstWorker(
            configuration: configuration, rehearses: configuration.settings.warmSpare, starter: starter, loop: loop, log: log, events: events)
        do throws(CatalogError) {
            let builtIn = try worker.kinds(loop: loop, timeoutMilliseconds: configuration.requestTimeoutMilliseconds)
            return (worker, try ScreenCatalog.load(builtIn: builtIn, screensFiles: configuration.screensFiles))
        } catch {
            worker.stop(loop: loop, graceMilliseconds: configuration.stopGraceMilliseconds)
            throw error
        }
    }

    /// Starts a built-in worker, with the spare's command line (`--rehearse`) or the plain one.
    private init(
        configuration: HostConfiguration, rehearses: Bool, starter: any WorkerStarter, loop: UVLoop, log: Log, events: WorkerEvents
    ) throws(CatalogError) {
        let launcher = WorkerLauncher(configuration: configuration)
        let command = rehearses ? launcher.spare : launcher.builtIn
        executable = command.executable
        do {
            process = try WorkerProcess(
                screenId: "spare", kind: "unassigned", command: command, starter: starter, loop: loop, log: log, events: events,
                maxMessageBytes: configuration.settings.maxMessageBytes)
        } catch {
            throw CatalogError("cannot read the built-in screen kinds: cannot start \(executable): \(error)")
        }
        // Not a screen yet: its end is no crash to report.
        process.reportsCrashes = false
    }

    /// The built-in kinds, as the worker answers `worker/kinds`. Runs `loop` until the answer,
    /// the worker's end or the timeout: navhost has nothing else to do before it knows them.
    private func kinds(loop: UVLoop, timeoutMilliseconds: UInt64) throws(CatalogError) -> [ScreenDescriptor] {
        var answer: Result<JSONValue, RPCError>?
        _ = process.connection.sendRequest(method: WorkerKindsRequest.method, writing: WorkerKindsRequest(), timeoutMilliseconds: timeoutMilliseconds) {
            answer = $0
        }
        while answer == nil, loop.runOnce() {}
        let from = "cannot read the built-in screen kinds from \(executable)"
        switch answer {
        case .success(let value)?:
            do {
                return try ScreenDescriptor.read(array: value)
            } catch {
                throw CatalogError("\(from): its answer to \(WorkerKindsRequest.method) is not a list of screen descriptors (\(error))")
            }
        case .failure(let error)?: throw CatalogError("\(from): \(error.message)")
        case nil: throw CatalogError("\(from): the loop ended before its answer")
        }
    }

    /// Ends a first worker the host does not keep (a start that goes no further, `navhost
    /// kinds`): runs `loop` until the process has exited and its handles are closed. The stop
    /// sequence's own timers (SIGTERM, then SIGKILL) bound the wait.
    func stop(loop: UVLoop, graceMilliseconds: UInt64) {
        var stopped = false
        process.stop(graceMilliseconds: graceMilliseconds) { stopped = true }
        while !stopped, loop.runOnce() {}
    }
}
