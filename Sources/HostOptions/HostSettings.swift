import NavProtocol

/// The rules a command line must keep. `HostSettings` itself, with every option's name, type,
/// default and help, is generated from `options.json` (HostOptionsPlugin); reading it costs the
/// Swift runtime no type look-ups: plain code over plain values (docs/performance.md, "navhost's
/// start").
extension HostSettings {
    /// The longest duration in seconds an option takes (about 31 years): durations become
    /// milliseconds in a `UInt64`, and infinity or 1e300 would not fit.
    public static let maxSeconds: Double = 1_000_000_000

    /// Why these settings cannot start a host, or nil when they can.
    public var validationError: String? {
        if let reason = ScreenKind.nameError(root) { return "--root: \(reason)" }
        if let rootParams {
            guard case .object? = try? JSONValue(parsing: rootParams) else { return "--root-params must be a JSON object, got: \(rootParams)" }
        }
        if awakeScreens < 0 { return "--awake-screens must be 0 or more" }
        // The options navhost passes on keep the workers' rules, stated once.
        if let reason = workerSettings.validationError { return reason }
        if maxMessageBytes < 1024 { return "--max-message-bytes must be at least 1024" }
        if !(requestTimeout > 0 && requestTimeout <= Self.maxSeconds && stopGrace > 0 && stopGrace <= Self.maxSeconds) {
            return "timeouts must be positive, and at most \(Int(Self.maxSeconds)) seconds"
        }
        if maxRestarts < 0 { return "--max-restarts must be 0 or more" }
        if !(restartWindow > 0 && restartWindow <= Self.maxSeconds && pingInterval >= 0 && pingInterval <= Self.maxSeconds) {
            return "--restart-window must be positive, --ping-interval 0 or more, both at most \(Int(Self.maxSeconds)) seconds"
        }
        if clientOutputHighWater < 1024 || maxPendingInput < 1 << 20 {
            return "--client-output-high-water must be at least 1024 bytes, --max-pending-input at least 1 MiB"
        }
        if maxBatch < 1 || maxStackDepth < 1 { return "--max-batch and --max-stack-depth must be at least 1" }
        return nil
    }
}
