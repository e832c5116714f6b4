import ArgumentParser

/// The limits navhost passes to every worker it starts, `serve` (a built-in worker) and `exec`
/// (an external one) alike.
struct ResourceLimitOptions: ParsableArguments {
    @Option(help: "Limit on open file descriptors (RLIMIT_NOFILE).")
    var limitOpenFiles: UInt64?

    @Option(help: "Limit on address space in bytes (RLIMIT_AS).")
    var limitAddressSpace: UInt64?

    @Option(help: "Limit on CPU time in seconds (RLIMIT_CPU).")
    var limitCpuSeconds: UInt64?

    /// Sets them on this process; a failure is written to stderr, and the worker goes on.
    func apply(as program: String) {
        let limits = ResourceLimits(openFiles: limitOpenFiles, addressSpaceBytes: limitAddressSpace, cpuSeconds: limitCpuSeconds)
        for failure in limits.apply() { FileHandleStderr.write("\(program): could not set the limit on \(failure)\n") }
    }
}
