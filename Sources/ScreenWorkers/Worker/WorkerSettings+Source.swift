import ArgumentParser
import GitHubModels
import GitHubSnapshot
import UVKit
import WorkerLaunch

extension WorkerSettings {
    /// Whether this binary serves the settings' source: the live one needs `screen-worker-live`.
    var sourceIsServed: Bool { !readsLiveSource || WorkerEntry.liveSource != nil }

    /// The settings as a worker's ArgumentParser command reads them: the refusals of
    /// `validationError` and of a source this binary does not serve.
    func validate() throws {
        if let error = validationError { throw ValidationError(error) }
        if !sourceIsServed { throw ValidationError("this binary serves the snapshot only: the live source is served by screen-worker-live") }
    }

    /// Opens the source; `close` releases what it holds on the loop.
    func openSource(on loop: UVLoop) throws -> OpenedSource {
        guard readsLiveSource, let live = WorkerEntry.liveSource else {
            let store = try data.map { try SnapshotStore(path: $0) } ?? SnapshotStore.bundled()
            let snapshot = try SnapshotSource(store: store, localState: LocalState(path: state ?? LocalState.defaultPath()), loop: loop)
            return (snapshot, snapshot.close)
        }
        return try live.open(self, on: loop)
    }
}
