import NavProtocol

/// One kind the host may spawn: its descriptor, and for an external kind the command a
/// screens.json names (nil: the built-in worker binary serves it).
struct CatalogEntry {
    var descriptor: ScreenDescriptor
    /// The external worker's argv, `command[0]` an absolute path.
    var command: [String]?
    /// Where the kind was defined: "the built-in screens" or a screens.json path.
    var origin: String
}

/// The registry of screen kinds: the built-in screens, as the worker binary describes them, and
/// the external kinds of the user's screens.json files. Loaded once at start-up; the host spawns
/// only what it holds, and checks every push against it.
struct ScreenCatalog {
    private(set) var entries: [ScreenKind: CatalogEntry] = [:]

    /// Every kind's descriptor, in kind order: `initialize` and `navhost kinds` publish them.
    var descriptors: [ScreenDescriptor] { entries.values.map(\.descriptor).sorted { $0.kind < $1.kind } }

    func entry(_ kind: ScreenKind) -> CatalogEntry? { entries[kind] }

    /// Why a push of `kind` with `params` is refused (an unknown kind, params that do not fit its
    /// schema), or nil. The one check every push, restart and wake goes through (`WorkerSpawner`).
    func pushError(kind: ScreenKind, params: JSONValue?) -> RPCError? {
        guard let entry = entries[kind] else {
            let known = descriptors.map(\.kind.rawValue).joined(separator: ", ")
            return .invalidParams("unknown screen kind '\(kind.rawValue)'; known kinds: \(known)")
        }
        return entry.descriptor.paramsError(params).map { .invalidParams("invalid params for a \(kind.rawValue) screen: \($0)") }
    }

    /// Adds a kind; a kind defined twice is an error naming both places.
    mutating func add(_ entry: CatalogEntry) throws(CatalogError) {
        let kind = entry.descriptor.kind
        if let existing = entries[kind] {
            throw CatalogError("\(entry.origin): kind '\(kind.rawValue)' is defined twice: it is already defined by \(existing.origin)")
        }
        entries[kind] = entry
    }

    /// The built-in kinds (as the first worker told them: `FirstWorker`), then each screens
    /// file's in order.
    static func load(builtIn: [ScreenDescriptor], screensFiles: [String]) throws(CatalogError) -> ScreenCatalog {
        var catalog = ScreenCatalog()
        for descriptor in builtIn {
            try catalog.add(CatalogEntry(descriptor: descriptor, command: nil, origin: "the built-in screens"))
        }
        for path in screensFiles {
            for entry in try ScreensFile.read(path) { try catalog.add(entry) }
        }
        return catalog
    }

    /// Why navhost cannot start with `kind` as its root screen (a kind it does not have, params
    /// that do not fit the kind's schema), or nil.
    func rootError(kind: ScreenKind, params: JSONValue?) -> CatalogError? {
        guard entries[kind] != nil else {
            let known = descriptors.map(\.kind.rawValue).joined(separator: ", ")
            return CatalogError("unknown root kind '\(kind.rawValue)'; known kinds: \(known)")
        }
        return pushError(kind: kind, params: params).map { CatalogError("--root-params: \($0.message)") }
    }
}

/// A start-up error in the registry of kinds: the message names the file and the entry.
struct CatalogError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
