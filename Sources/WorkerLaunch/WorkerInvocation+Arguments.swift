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
            return Self.write(settings, flags: Self.flags)
        case .exec(let hostPid, let limits, let command):
            var settings = WorkerSettings()
            settings.hostPid = hostPid
            settings.limits = limits
            return ["exec"] + Self.write(settings, flags: Self.flags.filter(\.execTakesIt)) + ["--"] + command
        }
    }

    /// Reads a command line in the form `arguments` writes: every flag spelled out (`--name
    /// value`), none twice, no value that begins with "-" or is empty, `exec` with a command after
    /// "--". Anything else is nil and left to the worker's ArgumentParser commands, which take
    /// every form and explain what they refuse. Reading here instead of there saves a worker
    /// about 1.5 ms of a 7 ms start, mostly the Swift runtime's first look-ups of ArgumentParser's
    /// types (docs/performance.md, "Worker start-up").
    public init?(reading arguments: [String]) {
        var rest = arguments[...]
        switch rest.first {
        case "exec":
            rest = rest.dropFirst()
            guard let terminator = rest.firstIndex(of: "--"), terminator + 1 < rest.endIndex,
                let settings = Self.read(rest[..<terminator], flags: Self.flags.filter(\.execTakesIt))
            else { return nil }
            self = .exec(hostPid: settings.hostPid, limits: settings.limits, command: Array(rest[(terminator + 1)...]))
        case "serve":
            guard let settings = Self.read(rest.dropFirst(), flags: Self.flags) else { return nil }
            self = .serve(settings)
        default:
            guard let settings = Self.read(rest, flags: Self.flags) else { return nil }
            self = .serve(settings)
        }
    }

    private static func read(_ arguments: ArraySlice<String>, flags: [Flag]) -> WorkerSettings? {
        var settings = WorkerSettings()
        var seen: Set<String> = []
        var rest = arguments
        while let token = rest.popFirst() {
            guard token.hasPrefix("--"), let flag = flags.first(where: { token.dropFirst(2) == $0.name }), seen.insert(flag.name).inserted
            else { return nil }
            switch flag.value {
            case .toggle(let set, _):
                set(&settings)
            case .text(let read, _):
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-"), read(&settings, value) else { return nil }
            }
        }
        return settings
    }

    private static func write(_ settings: WorkerSettings, flags: [Flag]) -> [String] {
        flags.flatMap { flag -> [String] in
            switch flag.value {
            case .toggle(_, let isOn): return isOn(settings) ? ["--" + flag.name] : []
            case .text(_, let write): return write(settings).map { ["--" + flag.name, $0] } ?? []
            }
        }
    }
}

/// One flag: how its value is read into the settings and written from them.
private struct Flag: Sendable {
    enum Value: Sendable {
        /// A flag without a value: sets a Bool.
        case toggle(set: @Sendable (inout WorkerSettings) -> Void, isOn: @Sendable (WorkerSettings) -> Bool)
        /// A flag with a value: `read` is false for a value this reader does not take; `write` is
        /// nil for the default, which is left out.
        case text(read: @Sendable (inout WorkerSettings, String) -> Bool, write: @Sendable (WorkerSettings) -> String?)
    }

    let name: String
    let value: Value
    /// `screen-worker exec` takes the host's pid and the limits only.
    var execTakesIt = false
}

extension WorkerInvocation {
    fileprivate static let flags: [Flag] = [
        number(WorkerFlag.hostPid, \.hostPid, execTakesIt: true),
        number(WorkerFlag.limitOpenFiles, \.limits.openFiles, execTakesIt: true),
        number(WorkerFlag.limitAddressSpace, \.limits.addressSpaceBytes, execTakesIt: true),
        number(WorkerFlag.limitCpuSeconds, \.limits.cpuSeconds, execTakesIt: true),
        Flag(name: WorkerFlag.logLevel, value: .text(
            read: { settings, value in settings.logLevel = value; return true },
            write: { $0.logLevel == WorkerSettings().logLevel ? nil : $0.logLevel })),
        Flag(name: WorkerFlag.source, value: .text(
            read: { settings, value in
                guard let source = DataSourceSettings.Source(rawValue: value) else { return false }
                settings.dataSource.source = source
                return true
            },
            write: { $0.dataSource.source == .snapshot ? nil : $0.dataSource.source.rawValue })),
        text(WorkerFlag.data, \.dataSource.snapshotPath),
        text(WorkerFlag.apiURL, \.dataSource.apiURL),
        text(WorkerFlag.cache, \.dataSource.cachePath),
        number(WorkerFlag.cacheBytes, \.dataSource.cacheBytes),
        Flag(name: WorkerFlag.perPage, value: .text(
            read: { settings, value in Int(value).map { settings.dataSource.perPage = $0 } != nil },
            write: { $0.dataSource.perPage == DataSourceSettings().perPage ? nil : String($0.dataSource.perPage) })),
        Flag(name: WorkerFlag.debounceMs, value: .text(
            read: { settings, value in UInt64(value).map { settings.debounceMilliseconds = $0 } != nil },
            write: { $0.debounceMilliseconds == 0 ? nil : String($0.debounceMilliseconds) })),
        toggle(WorkerFlag.enableDebugMethods, \.enablesDebugMethods),
        toggle(WorkerFlag.rehearse, \.rehearses),
    ]

    private static func number<Number: FixedWidthInteger & Sendable>(
        _ name: String, _ path: WritableKeyPath<WorkerSettings, Number?> & Sendable, execTakesIt: Bool = false
    ) -> Flag {
        Flag(
            name: name,
            value: .text(read: { settings, value in Number(value).map { settings[keyPath: path] = $0 } != nil }, write: { $0[keyPath: path].map(String.init) }),
            execTakesIt: execTakesIt)
    }

    private static func text(_ name: String, _ path: WritableKeyPath<WorkerSettings, String?> & Sendable) -> Flag {
        Flag(name: name, value: .text(read: { settings, value in settings[keyPath: path] = value; return true }, write: { $0[keyPath: path] }))
    }

    private static func toggle(_ name: String, _ path: WritableKeyPath<WorkerSettings, Bool> & Sendable) -> Flag {
        Flag(name: name, value: .toggle(set: { $0[keyPath: path] = true }, isOn: { $0[keyPath: path] }))
    }
}
