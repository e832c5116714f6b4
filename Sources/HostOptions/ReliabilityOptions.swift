import ArgumentParser

/// The command-line options of docs/reliability.md.
public struct ReliabilityOptions: ParsableArguments {
    public init() {}

    @Flag(help: "Answer the debug/crash, debug/hang, debug/delay and debug/misbehave fault-injection methods (tests only).")
    public var enableDebugMethods = false

    @Option(help: "Restarts of one screen allowed within --restart-window before it stays failed.")
    public var maxRestarts: Int = 3

    @Option(help: "Seconds over which --max-restarts counts.")
    public var restartWindow: Double = 30

    @Option(help: "Seconds between pings of each screen's worker (0: no pings).")
    public var pingInterval: Double = 5

    @Option(help: "Bytes queued for the client above which navhost stops reading workers.")
    public var clientOutputHighWater: Int = 4 << 20

    @Option(help: "Bytes of client requests read and not yet answered (each counted with 1 KiB for its bookkeeping) and of answers not yet written to the client, above which navhost stops reading the client, until they are half as many.")
    public var maxPendingInput: Int = 64 << 20

    @Option(help: "The most requests one JSON-RPC batch may hold; a larger batch is refused whole.")
    public var maxBatch: Int = 10_000

    @Option(help: "The deepest stack navhost keeps; a push or nav/setStack past it is refused.")
    public var maxStackDepth: Int = 5_000

    @Option(help: "Each worker's limit on open files (0: inherited).")
    public var workerOpenFiles: UInt64 = 256

    @Option(help: "Each worker's limit on address space in MiB (0: inherited).")
    public var workerMemoryMb: UInt64 = 4096

    @Option(help: "Each worker's limit on CPU time in seconds (0: inherited).")
    public var workerCpuSeconds: UInt64 = 3600

    public func validate() throws {
        guard maxRestarts >= 0 else { throw ValidationError("--max-restarts must be 0 or more") }
        guard restartWindow > 0, pingInterval >= 0 else { throw ValidationError("--restart-window must be positive, --ping-interval 0 or more") }
        guard clientOutputHighWater >= 1024, maxPendingInput >= 1 << 20 else {
            throw ValidationError("--client-output-high-water must be at least 1024 bytes, --max-pending-input at least 1 MiB")
        }
        guard maxBatch >= 1, maxStackDepth >= 1 else { throw ValidationError("--max-batch and --max-stack-depth must be at least 1") }
    }

    public var arguments: [String] {
        var words = [
            "--max-restarts", String(maxRestarts), "--restart-window", String(restartWindow), "--ping-interval", String(pingInterval),
            "--client-output-high-water", String(clientOutputHighWater), "--max-pending-input", String(maxPendingInput),
            "--max-batch", String(maxBatch), "--max-stack-depth", String(maxStackDepth),
            "--worker-open-files", String(workerOpenFiles), "--worker-memory-mb", String(workerMemoryMb),
            "--worker-cpu-seconds", String(workerCpuSeconds),
        ]
        if enableDebugMethods { words.append("--enable-debug-methods") }
        return words
    }
}
