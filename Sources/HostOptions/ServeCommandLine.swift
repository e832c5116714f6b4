extension HostFlag {
    /// `serve`'s own option, not a host setting.
    public static let record = "record"
}

/// `navhost [serve] OPTIONS`: what to serve with, and where to record the session.
public struct ServeCommandLine: Equatable, Sendable {
    public var settings: HostSettings
    public var record: String?

    public init(settings: HostSettings, record: String? = nil) {
        self.settings = settings
        self.record = record
    }

    /// Reads the plain form of a serve command line without ArgumentParser: optionally `serve`,
    /// then flags spelled out (`--name value`), none twice but a repeatable one, no value that is
    /// empty or begins with "-", settings that pass `validationError`. Anything else (help,
    /// `--version`, the other subcommands, `--name=value`, an error to explain) is nil and left to
    /// ArgumentParser, which reads every form into the same settings. Reading here saves
    /// navhost's start about 2 ms, the Swift runtime's first look-ups of ArgumentParser's types
    /// (docs/performance.md, "navhost's start"); like `WorkerInvocation(reading:)`, it is plain
    /// code over strings (the generated `HostSettings.set`), without key paths or tables of
    /// closures, for the same reason.
    public init?(reading arguments: [String]) {
        var rest = arguments[...]
        if rest.first == "serve" { rest = rest.dropFirst() }
        var commandLine = ServeCommandLine(settings: HostSettings())
        var seen: Set<String> = []
        while let token = rest.popFirst() {
            guard token.hasPrefix("--") else { return nil }
            let name = String(token.dropFirst(2))
            // `--warm-spare` and `--no-warm-spare` set one setting: one of them, once.
            let setting = name.hasPrefix("no-") ? String(name.dropFirst(3)) : name
            guard HostSettings.isRepeatable(setting) || seen.insert(setting).inserted else { return nil }
            if commandLine.settings.set(flag: name) { continue }
            guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
            if name == HostFlag.record {
                commandLine.record = value
            } else if !commandLine.settings.set(name, to: value) {
                return nil
            }
        }
        guard commandLine.settings.validationError == nil else { return nil }
        self = commandLine
    }
}
