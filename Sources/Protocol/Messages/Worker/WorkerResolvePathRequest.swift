/// `worker/resolvePath` (host -> worker, the root screen's): the screens a deep link (`nav/open`)
/// names. The path grammar is the app's, so the host asks the root screen's worker; a worker
/// that has no deep links answers -32601, and one that cannot read the path -32602 saying why.
public struct WorkerResolvePathRequest: WorkerRequestType, Equatable {
    public static let method = "worker/resolvePath"
    public static let clientMethod = OpenRequest.method
    public var path: String
    public init(path: String) { self.path = path }

    public func write(to writer: inout JSONWriter) { writer.object(field: "path", path) }

    public typealias Response = ResolvedPath
}

/// A deep link resolved: the kind of root screen it starts from, the query to type there (as a
/// user would have on the way), and the screens to push above the root, bottom first.
public struct ResolvedPath: Codable, Sendable, Equatable {
    public var root: ScreenKind
    public var query: String
    public var screens: [Screen]

    public struct Screen: Codable, Sendable, Equatable {
        public var kind: ScreenKind
        public var params: JSONValue
        public init(kind: ScreenKind, params: JSONValue) {
            self.kind = kind
            self.params = params
        }
    }

    public init(root: ScreenKind, query: String, screens: [Screen]) {
        self.root = root
        self.query = query
        self.screens = screens
    }
}
