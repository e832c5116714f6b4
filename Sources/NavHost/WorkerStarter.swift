import UVKit

/// How the host starts a worker's process: the one thing about a worker that needs an operating
/// system process. navhost spawns the command (`SpawningStarter`); the host's own tests start a
/// fake worker in their process, on the same loop, and so run every other part of the host
/// (the navigator, the gateway, the supervisor, the request queue) with no child process.
protocol WorkerStarter {
    /// Starts `command`; `onExit` runs from the loop once it has exited. On failure nothing is
    /// left running and no handle open.
    func start(_ command: WorkerCommandLine, loop: UVLoop, onExit: @escaping (ProcessExitStatus) -> Void) throws -> StartedWorker
}

/// A worker's process, as the host handles it once started.
protocol WorkerChild: AnyObject {
    var pid: Int32 { get }
    /// How long starting it held the loop.
    var spawnMicroseconds: Double { get }
    func kill(_ signal: Int32) -> UVError?
    /// Once it has exited: closes what watched it.
    func close()
}

/// A started worker: the host's ends of its stdin, stdout and stderr, and its process.
struct StartedWorker {
    /// What the host writes (the worker's stdin).
    let input: UVPipe
    /// What the worker answers (its stdout).
    let output: UVPipe
    let errors: UVPipe
    let process: any WorkerChild
}

extension UVProcess: WorkerChild {}

/// Spawns the worker's command as a child process, with pipes for its standard streams.
struct SpawningStarter: WorkerStarter {
    /// The kernel buffer for the worker's answers. With the default 64 KiB, a worker answering a
    /// client's burst can fill it within one of the host's turns and then waits for the next
    /// (pipelined throughput 0.80-0.85x the C relay's; docs/performance.md, "Pipes to the
    /// workers", has the sizes tried). The kernel
    /// allocates the pages only while answers wait in them.
    static let answerPipeBytes: Int32 = 512 << 10

    /// Makes each of the three pipes (a test makes one fail).
    var makePipe: (UVLoop) throws -> UVPipe = { try UVPipe(loop: $0) }

    func start(_ command: WorkerCommandLine, loop: UVLoop, onExit: @escaping (ProcessExitStatus) -> Void) throws -> StartedWorker {
        // A pipe that cannot be made closes those made before it: nothing is left open.
        var made: [UVPipe] = []
        do {
            for _ in 0..<3 { made.append(try makePipe(loop)) }
        } catch {
            for pipe in made { pipe.close() }
            throw error
        }
        let (input, output, errors) = (made[0], made[1], made[2])
        let options = UVProcess.Options(
            executable: command.executable, arguments: command.arguments, environment: command.environment,
            stdin: input, stdout: output, stderr: errors, stdoutCapacity: Self.answerPipeBytes)
        // A spawn that fails closes the pipes with it.
        let process = try UVProcess(loop: loop, options: options, onExit: onExit)
        return StartedWorker(input: input, output: output, errors: errors, process: process)
    }
}
