extension WorkerInvocation {
    /// The command line after the executable, as navhost passes it: only what differs from the
    /// defaults, in a fixed order.
    public var arguments: [String] {
        switch self {
        case .serve(let settings):
            return settings.arguments(everyWorkerOnly: false)
        case .exec(let settings, let command):
            return ["exec"] + settings.arguments(everyWorkerOnly: true) + ["--"] + command
        }
    }

    /// Reads a command line in the form `arguments` writes: every flag spelled out (`--name
    /// value`), none twice, no value that begins with "-" or is empty, settings that pass
    /// `validationError`, `exec` with a command after "--". Anything else is nil and left to the
    /// worker's ArgumentParser commands, which take every form and explain what they refuse.
    /// Reading here instead of there saves a worker about 1.5 ms of a 7 ms start, mostly the Swift
    /// runtime's first look-ups of ArgumentParser's types (docs/performance.md, "Worker
    /// start-up"); for the same reason this reader is plain code over strings and arrays (the
    /// generated `WorkerSettings.set`), without key paths, sets or tables of closures, whose types
    /// the runtime would also have to look up.
    public init?(reading arguments: [String]) {
        var rest = arguments[...]
        switch rest.first {
        case "exec":
            rest = rest.dropFirst()
            guard let terminator = rest.firstIndex(of: "--"), terminator + 1 < rest.endIndex,
                let settings = WorkerSettings(reading: rest[..<terminator], everyWorkerOnly: true)
            else { return nil }
            self = .exec(settings, command: Array(rest[(terminator + 1)...]))
        case "serve":
            guard let settings = WorkerSettings(reading: rest.dropFirst(), everyWorkerOnly: false) else { return nil }
            self = .serve(settings)
        default:
            guard let settings = WorkerSettings(reading: rest, everyWorkerOnly: false) else { return nil }
            self = .serve(settings)
        }
    }
}

extension WorkerSettings {
    /// `everyWorkerOnly`: `screen-worker exec`, which takes only the options every worker takes.
    fileprivate init?(reading arguments: ArraySlice<String>, everyWorkerOnly: Bool) {
        self.init()
        var seen: [String] = []
        var rest = arguments
        while let token = rest.popFirst() {
            guard token.hasPrefix("--") else { return nil }
            let name = String(token.dropFirst(2))
            guard !seen.contains(name) else { return nil }
            seen.append(name)
            if set(flag: name, everyWorkerOnly: everyWorkerOnly) { continue }
            guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-"),
                set(name, to: value, everyWorkerOnly: everyWorkerOnly)
            else { return nil }
        }
        guard validationError == nil else { return nil }
    }
}
