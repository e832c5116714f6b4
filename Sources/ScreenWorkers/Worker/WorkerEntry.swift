import GitHubModels
import GitHubSnapshot
import UVKit

/// A data source a worker opened, and what releases what it holds on the loop.
public typealias OpenedSource = (source: any GitHubSource, close: () -> Void)

/// Opens the live GitHub source. Only `screen-worker-live` has one: it links the HTTP client
/// (libcurl and its TLS libraries), which the snapshot worker, `screen-worker`, never loads.
public protocol LiveSourceOpening: Sendable {
    func open(_ options: DataSourceOptions, on loop: UVLoop) throws -> OpenedSource
}

/// The entry point of both worker binaries.
public enum WorkerEntry {
    /// Set once by `main`, before the command line is parsed; read-only afterwards.
    nonisolated(unsafe) private(set) static var liveSource: (any LiveSourceOpening)?

    /// Parses the command line and runs the worker; `liveSource` is nil in `screen-worker`.
    public static func main(liveSource: (any LiveSourceOpening)?) {
        self.liveSource = liveSource
        WorkerCommand.main()
    }
}
