import ArgumentParser
import WorkerLaunch

/// The limits navhost passes to every worker it starts, `serve` (a built-in worker) and `exec`
/// (an external one) alike.
struct ResourceLimitOptions: ParsableArguments {
    @Option(name: .customLong(WorkerFlag.limitOpenFiles), help: "Limit on open file descriptors (RLIMIT_NOFILE).")
    var limitOpenFiles: UInt64?

    @Option(name: .customLong(WorkerFlag.limitAddressSpace), help: "Limit on address space in bytes (RLIMIT_AS).")
    var limitAddressSpace: UInt64?

    @Option(name: .customLong(WorkerFlag.limitCpuSeconds), help: "Limit on CPU time in seconds (RLIMIT_CPU).")
    var limitCpuSeconds: UInt64?

    var limits: WorkerLimits { WorkerLimits(openFiles: limitOpenFiles, addressSpaceBytes: limitAddressSpace, cpuSeconds: limitCpuSeconds) }
}
