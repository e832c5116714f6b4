import CUV
import GitHubData
import GitHubModels
import GitHubSnapshot
import Glibc
import UVKit
import WorkerLaunch

/// A data source a worker opened, and what releases what it holds on the loop.
public typealias OpenedSource = (source: any GitHubSource, close: () -> Void)

/// Opens the live GitHub source. Only `screen-worker-live` has one: it links the HTTP client
/// (libcurl and its TLS libraries), which the snapshot worker, `screen-worker`, never loads.
public protocol LiveSourceOpening: Sendable {
    func open(_ settings: WorkerSettings, on loop: UVLoop) throws -> OpenedSource
}

/// The entry point of both worker binaries.
public enum WorkerEntry {
    /// Set once by `main`, before the command line is read; read-only afterwards.
    nonisolated(unsafe) private(set) static var liveSource: (any LiveSourceOpening)?

    /// Runs the worker; `liveSource` is nil in `screen-worker`. The command lines navhost writes
    /// are read by `WorkerInvocation(reading:)`; every other one (help, a person's own flags, the
    /// subcommands, a source this binary does not serve) goes to ArgumentParser, which reads the
    /// same flags into the same settings.
    public static func main(liveSource: (any LiveSourceOpening)?) {
        self.liveSource = liveSource
        guard let invocation = quickInvocation(Array(CommandLine.arguments.dropFirst())) else { return WorkerCommand.main() }
        exit(run(invocation))
    }

    /// Runs what a command line asks for, however it was read; returns the exit status.
    static func run(_ invocation: WorkerInvocation) -> Int32 {
        switch invocation {
        case .serve(let settings): serve(settings)
        case .exec(let settings, let command): exec(settings, command: command)
        }
    }

    /// The command line read without ArgumentParser, or nil for ArgumentParser to read.
    static func quickInvocation(_ arguments: [String]) -> WorkerInvocation? {
        let invocation = WorkerInvocation(reading: arguments)
        if case .serve(let settings) = invocation, !settings.sourceIsServed { return nil }
        return invocation
    }

    /// Serves one screen until the host is done with it; returns the exit status.
    private static func serve(_ settings: WorkerSettings) -> Int32 {
        guard startUnder(hostPid: settings.hostPid, limits: settings.limits, as: "screen-worker") else { return 0 }
        do {
            return try WorkerServer(settings: settings).run()
        } catch {
            FileHandleStderr.write("screen-worker: \(error)\n")
            return 1
        }
    }

    /// Replaces this process with an external worker's command; returns only when it cannot
    /// (the status to exit with), or 0 when the host is already gone.
    private static func exec(_ settings: WorkerSettings, command: [String]) -> Int32 {
        guard startUnder(hostPid: settings.hostPid, limits: settings.limits, as: "screen-worker exec") else { return 0 }
        var argv = command.map { strdup($0) } + [nil]
        execv(command[0], &argv)
        FileHandleStderr.write("screen-worker exec: cannot run \(command[0]): \(String(cString: strerror(errno)))\n")
        return 127
    }

    /// What every worker does first: sets its limits and dies with the host (SIGKILL, which
    /// survives an exec: a stopped worker would hold a SIGTERM until continued, and a worker has
    /// nothing to clean up). False when the host is already gone: the signal will never come.
    private static func startUnder(hostPid: Int32?, limits: WorkerLimits, as program: String) -> Bool {
        limits.apply(as: program)
        guard let hostPid else { return true }
        _ = cuv_set_parent_death_signal(SIGKILL)
        return getppid() == hostPid
    }
}
