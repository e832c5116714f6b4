import ArgumentParser

/// The command-line options of docs/reliability.md.
struct ReliabilityOptions: ParsableArguments {
    @Flag(help: "Answer the debug/crash, debug/hang, debug/delay and debug/misbehave fault-injection methods (tests only).")
    var enableDebugMethods = false

    @Option(help: "Restarts of one screen allowed within --restart-window before it stays failed.")
    var maxRestarts: Int = 3

    @Option(help: "Seconds over which --max-restarts counts.")
    var restartWindow: Double = 30

    @Option(help: "Seconds between pings of each screen's worker (0: no pings).")
    var pingInterval: Double = 5

    @Option(help: "Bytes queued for the client above which navhost stops reading workers.")
    var clientOutputHighWater: Int = 4 << 20

    @Option(help: "Bytes queued for one worker above which navhost stops reading the client.")
    var workerInputHighWater: Int = 1 << 20

    @Option(help: "Each worker's limit on open files (0: inherited).")
    var workerOpenFiles: UInt64 = 256

    @Option(help: "Each worker's limit on address space in MiB (0: inherited).")
    var workerMemoryMb: UInt64 = 4096

    @Option(help: "Each worker's limit on CPU time in seconds (0: inherited).")
    var workerCpuSeconds: UInt64 = 3600

    func validate() throws {
        guard maxRestarts >= 0 else { throw ValidationError("--max-restarts must be 0 or more") }
        guard restartWindow > 0, pingInterval >= 0 else { throw ValidationError("--restart-window must be positive, --ping-interval 0 or more") }
        guard clientOutputHighWater >= 1024, workerInputHighWater >= 1024 else { throw ValidationError("high-water marks must be at least 1024 bytes") }
    }

    func apply(to configuration: inout HostConfiguration) {
        configuration.enablesDebugMethods = enableDebugMethods
        configuration.maxRestarts = maxRestarts
        configuration.restartWindowMilliseconds = UInt64(restartWindow * 1000)
        configuration.pingIntervalMilliseconds = UInt64(pingInterval * 1000)
        configuration.clientOutputHighWaterBytes = clientOutputHighWater
        configuration.workerInputHighWaterBytes = workerInputHighWater
        configuration.workerLimits = WorkerResourceLimits(
            openFiles: workerOpenFiles == 0 ? nil : workerOpenFiles,
            addressSpaceBytes: workerMemoryMb == 0 ? nil : workerMemoryMb << 20,
            cpuSeconds: workerCpuSeconds == 0 ? nil : workerCpuSeconds)
    }

    var arguments: [String] {
        var words = [
            "--max-restarts", String(maxRestarts), "--restart-window", String(restartWindow), "--ping-interval", String(pingInterval),
            "--client-output-high-water", String(clientOutputHighWater), "--worker-input-high-water", String(workerInputHighWater),
            "--worker-open-files", String(workerOpenFiles), "--worker-memory-mb", String(workerMemoryMb),
            "--worker-cpu-seconds", String(workerCpuSeconds),
        ]
        if enableDebugMethods { words.append("--enable-debug-methods") }
        return words
    }
}
