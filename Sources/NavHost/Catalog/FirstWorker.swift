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

    /// Starts a built-in worker: with the spare's command line (it rehearses a push while it
    /// waits) when the host keeps a warm spare, the plain one otherwise.
    init(configuration: HostConfiguration, loop: UVLoop, log: Log, events: WorkerEvents) throws(CatalogError) {
        let launcher = WorkerLauncher(configuration: configuration)
        let command = configuration.keepsWarmSpare ? launcher.spare : launcher.builtIn
        executable = command.executable
        do {
            process = try WorkerProcess(
                screenId: "spare", kind: "unassigned", command: command, loop: loop, log: log, events: events,
                maxMessageBytes: configuration.maxMessageBytes)
        } catch {
            throw CatalogError("cannot read the built-in screen kinds: cannot start \(executable): \(error)")
        }
        // Not a screen yet: its end is no crash to report.
        process.reportsCrashes = false
    }

    /// The built-in kinds, as the worker answers `worker/kinds`. Runs `loop` until the answer,
    /// the worker's end or the timeout: navhost has nothing else to do before it knows them.
    func kinds(loop: UVLoop, timeoutMilliseconds: UInt64) throws(CatalogError) -> [ScreenDescriptor] {
        var answer: Result<JSONValue, RPCError>?
        _ = process.send(WorkerKindsRequest.method, WorkerKindsRequest(), timeoutMilliseconds: timeoutMilliseconds) { answer = $0 }
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
    /// kinds`): runs `loop` until the process has exited and its handles are closed.
    func stop(loop: UVLoop, graceMilliseconds: UInt64) {
        var stopped = false
        process.stop(graceMilliseconds: graceMilliseconds) { stopped = true }
        while !stopped, loop.runOnce() {}
    }
}
