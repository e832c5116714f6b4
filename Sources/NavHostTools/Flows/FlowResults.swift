/// What happened to one step.
struct StepResult {
    enum Status {
        case passed
        case failed
        /// An optional step that failed; the flow went on.
        case optionalFailed
        /// Not run: an earlier step failed.
        case skipped
    }

    var number: Int
    var title: String
    var location: String
    var status: Status
    var seconds: Double
    /// The failure report, for failed and optional-failed steps.
    var report: String?
}

/// What happened to one flow file.
struct FlowResult {
    var file: String
    /// The header's name, else the file name without folder and extension.
    var name: String
    var tags: [String] = []
    var steps: [StepResult] = []
    /// The flow could not start: unreadable file, bad YAML, no host.
    var setupError: String?
    /// Not run: its tags were not included, or were excluded.
    var skippedByTags = false
    var seconds: Double = 0
    /// The lines printed while it ran, for the JUnit report's system-out.
    var output: [String] = []
    /// The session recording kept with `--record`.
    var recording: String?

    var passed: Bool { setupError == nil && !steps.contains { $0.status == .failed } }

    var failedStep: StepResult? { steps.first { $0.status == .failed } }

    static func defaultName(of file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".yaml") ? String(base.dropLast(5)) : base.hasSuffix(".yml") ? String(base.dropLast(4)) : base
    }
}

/// Seconds since `start`, for progress lines and reports.
func secondsSince(_ start: ContinuousClock.Instant) -> Double {
    let elapsed = (ContinuousClock.now - start).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
}
