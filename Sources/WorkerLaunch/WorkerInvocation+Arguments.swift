/// The flags of a worker's command line, each named once: navhost writes them
/// (`WorkerInvocation.arguments`), the worker reads them (`WorkerInvocation(reading:)`), and the
/// worker's ArgumentParser commands declare their options under these names.
public enum WorkerFlag {
    public static let hostPid = "host-pid"
    public static let limitOpenFiles = "limit-open-files"
    public static let limitAddressSpace = "limit-address-space"
    public static let limitCpuSeconds = "limit-cpu-seconds"
    public static let logLevel = "log-level"
    public static let source = "source"
    public static let data = "data"
    public static let apiURL = "api-url"
    public static let cache = "cache"
    public static let cacheBytes = "cache-bytes"
    public static let perPage = "per-page"
    public static let state = "state"
    public static let allowWrites = "allow-writes"
    public static let debounceMs = "debounce-ms"
    public static let enableDebugMethods = "enable-debug-methods"
    public static let rehearse = "rehearse"
}

extension WorkerInvocation {
    /// The command line after the executable, as navhost passes it: only what differs from the
    /// defaults, in a fixed order.
    public var arguments: [String] {
        switch self {
        case .serve(let settings):
            return settings.arguments(execOnly: false)
        case .exec(let hostPid, let limits, let command):
            var settings = WorkerSettings()
            settings.hostPid = hostPid
            settings.limits = limits
            return ["exec"] + settings.arguments(execOnly: true) + ["--"] + command
        }
    }

    /// Reads a command line in the form `arguments` writes: every flag spelled out (`--name
    /// value`), none twice, no value that begins with "-" or is empty, `exec` with a command after
    /// "--". Anything else is nil and left to the worker's ArgumentParser commands, which take
    /// every form and explain what they refuse. Reading here instead of there saves a worker
    /// about 1.5 ms of a 7 ms start, mostly the Swift runtime's first look-ups of ArgumentParser's
    /// types (docs/performance.md, "Worker start-up"); for the same reason this reader is plain
    /// code over strings and arrays, without key paths, sets or tables of closures, whose types
    /// the runtime would also have to look up.
    public init?(reading arguments: [String]) {
        var rest = arguments[...]
        switch rest.first {
        case "exec":
            rest = rest.dropFirst()
            guard let terminator = rest.firstIndex(of: "--"), terminator + 1 < rest.endIndex,
                let settings = WorkerSettings(reading: rest[..<terminator], execOnly: true)
            else { return nil }
            self = .exec(hostPid: settings.hostPid, limits: settings.limits, command: Array(rest[(terminator + 1)...]))
        case "serve":
            guard let settings = WorkerSettings(reading: rest.dropFirst(), execOnly: false) else { return nil }
            self = .serve(settings)
        default:
            guard let settings = WorkerSettings(reading: rest, execOnly: false) else { return nil }
            self = .serve(settings)
        }
    }
}

extension WorkerSettings {
    /// `screen-worker exec` takes the host's pid and the limits only.
    private static let execFlags = [WorkerFlag.hostPid, WorkerFlag.limitOpenFiles, WorkerFlag.limitAddressSpace, WorkerFlag.limitCpuSeconds]

    fileprivate init?(reading arguments: ArraySlice<String>, execOnly: Bool) {
        self.init()
        var seen: [String] = []
        var rest = arguments
        while let token = rest.popFirst() {
            guard token.hasPrefix("--") else { return nil }
            let name = String(token.dropFirst(2))
            guard !seen.contains(name), !execOnly || Self.execFlags.contains(name) else { return nil }
            seen.append(name)
            switch name {
            case WorkerFlag.enableDebugMethods: enablesDebugMethods = true
            case WorkerFlag.rehearse: rehearses = true
            case WorkerFlag.allowWrites: dataSource.allowsWrites = true
            default:
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-"), set(name, to: value) else { return nil }
            }
        }
    }

    /// Sets a flag that takes a value; false for a flag it does not know or a value it does not take.
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case WorkerFlag.hostPid: return Int32(value).map { hostPid = $0 } != nil
        case WorkerFlag.limitOpenFiles: return UInt64(value).map { limits.openFiles = $0 } != nil
        case WorkerFlag.limitAddressSpace: return UInt64(value).map { limits.addressSpaceBytes = $0 } != nil
        case WorkerFlag.limitCpuSeconds: return UInt64(value).map { limits.cpuSeconds = $0 } != nil
        case WorkerFlag.logLevel: logLevel = value
        case WorkerFlag.source: return DataSourceSettings.Source(rawValue: value).map { dataSource.source = $0 } != nil
        case WorkerFlag.data: dataSource.snapshotPath = value
        case WorkerFlag.apiURL: dataSource.apiURL = value
        case WorkerFlag.cache: dataSource.cachePath = value
        case WorkerFlag.cacheBytes: return Int(value).map { dataSource.cacheBytes = $0 } != nil
        case WorkerFlag.perPage: return Int(value).map { dataSource.perPage = $0 } != nil
        case WorkerFlag.state: dataSource.statePath = value
        case WorkerFlag.debounceMs: return UInt64(value).map { debounceMilliseconds = $0 } != nil
        default: return false
        }
        return true
    }

    /// The flags whose values differ from the defaults, in the order `set` lists them.
    fileprivate func arguments(execOnly: Bool) -> [String] {
        var arguments: [String] = []
        func add(_ name: String, _ value: String?) {
            if let value { arguments += ["--" + name, value] }
        }
        add(WorkerFlag.hostPid, hostPid.map { String($0) })
        add(WorkerFlag.limitOpenFiles, limits.openFiles.map { String($0) })
        add(WorkerFlag.limitAddressSpace, limits.addressSpaceBytes.map { String($0) })
        add(WorkerFlag.limitCpuSeconds, limits.cpuSeconds.map { String($0) })
        if execOnly { return arguments }
        let defaults = WorkerSettings()
        add(WorkerFlag.logLevel, logLevel == defaults.logLevel ? nil : logLevel)
        add(WorkerFlag.source, dataSource.source == defaults.dataSource.source ? nil : dataSource.source.rawValue)
        add(WorkerFlag.data, dataSource.snapshotPath)
        add(WorkerFlag.apiURL, dataSource.apiURL)
        add(WorkerFlag.cache, dataSource.cachePath)
        add(WorkerFlag.cacheBytes, dataSource.cacheBytes.map { String($0) })
        add(WorkerFlag.perPage, dataSource.perPage == defaults.dataSource.perPage ? nil : String(dataSource.perPage))
        add(WorkerFlag.state, dataSource.statePath)
        add(WorkerFlag.debounceMs, debounceMilliseconds == defaults.debounceMilliseconds ? nil : String(debounceMilliseconds))
        if enablesDebugMethods { arguments.append("--" + WorkerFlag.enableDebugMethods) }
        if rehearses { arguments.append("--" + WorkerFlag.rehearse) }
        if dataSource.allowsWrites { arguments.append("--" + WorkerFlag.allowWrites) }
        return arguments
    }
}
