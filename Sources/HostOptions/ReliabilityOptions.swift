import ArgumentParser

/// The command-line options of docs/reliability.md.
public struct ReliabilityOptions: ParsableArguments {
    public init() {}

    private static let defaults = ReliabilitySettings()

    @Flag(name: .customLong(HostFlag.enableDebugMethods), help: "Answer the debug/crash, debug/hang, debug/delay and debug/misbehave fault-injection methods (tests only).")
    public var enableDebugMethods = Self.defaults.enableDebugMethods

    @Option(name: .customLong(HostFlag.maxRestarts), help: "Restarts of one screen allowed within --restart-window before it stays failed.")
    public var maxRestarts: Int = Self.defaults.maxRestarts

    @Option(name: .customLong(HostFlag.restartWindow), help: "Seconds over which --max-restarts counts.")
    public var restartWindow: Double = Self.defaults.restartWindow

    @Option(name: .customLong(HostFlag.pingInterval), help: "Seconds between pings of each screen's worker (0: no pings).")
    public var pingInterval: Double = Self.defaults.pingInterval

    @Option(name: .customLong(HostFlag.clientOutputHighWater), help: "Bytes queued for the client above which navhost stops reading workers.")
    public var clientOutputHighWater: Int = Self.defaults.clientOutputHighWater

    @Option(name: .customLong(HostFlag.maxPendingInput), help: "Bytes of client requests read and not yet answered (each counted with 1 KiB for its bookkeeping) and of answers not yet written to the client, above which navhost stops reading the client, until they are half as many.")
    public var maxPendingInput: Int = Self.defaults.maxPendingInput

    @Option(name: .customLong(HostFlag.maxBatch), help: "The most requests one JSON-RPC batch may hold; a larger batch is refused whole.")
    public var maxBatch: Int = Self.defaults.maxBatch

    @Option(name: .customLong(HostFlag.maxStackDepth), help: "The deepest stack navhost keeps; a push or nav/setStack past it is refused.")
    public var maxStackDepth: Int = Self.defaults.maxStackDepth

    @Option(name: .customLong(HostFlag.workerOpenFiles), help: "Each worker's limit on open files (0: inherited).")
    public var workerOpenFiles: UInt64 = Self.defaults.workerOpenFiles

    @Option(name: .customLong(HostFlag.workerMemoryMb), help: "Each worker's limit on address space in MiB (0: inherited).")
    public var workerMemoryMb: UInt64 = Self.defaults.workerMemoryMb

    @Option(name: .customLong(HostFlag.workerCpuSeconds), help: "Each worker's limit on CPU time in seconds (0: inherited).")
    public var workerCpuSeconds: UInt64 = Self.defaults.workerCpuSeconds

    /// What the options say; `HostOptions.validate()` checks them with the rest.
    var settings: ReliabilitySettings {
        var settings = ReliabilitySettings()
        settings.enableDebugMethods = enableDebugMethods
        settings.maxRestarts = maxRestarts
        settings.restartWindow = restartWindow
        settings.pingInterval = pingInterval
        settings.clientOutputHighWater = clientOutputHighWater
        settings.maxPendingInput = maxPendingInput
        settings.maxBatch = maxBatch
        settings.maxStackDepth = maxStackDepth
        settings.workerOpenFiles = workerOpenFiles
        settings.workerMemoryMb = workerMemoryMb
        settings.workerCpuSeconds = workerCpuSeconds
        return settings
    }
}
