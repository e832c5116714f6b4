import GitHubModels
import GitHubScreens
import GitHubSnapshot
import ListController
import NavProtocol
import Testing
import UVKit

/// Opens GitHub screens over the bundled snapshot on a real loop (the snapshot reads run on a
/// background queue) and waits for each load with a deadline.
final class ScreenHarness {
    let loop = UVLoop()
    let source: SnapshotSource

    init() throws {
        source = try SnapshotSource(store: GeneratedSnapshot.defaultStore(), loop: loop)
    }

    deinit {
        source.close()
        loop.close()
    }

    private func wait<T>(_ what: String, _ start: (@escaping (T) -> Void) -> Void) throws -> T {
        var outcome: T?
        start { outcome = $0 }
        loop.run(seconds: 10) { outcome != nil }
        guard let outcome else { throw ScreenError.dataUnavailable("timed out waiting for \(what)") }
        return outcome
    }

    /// A controller for the screen, loaded with `query`.
    func open(_ kind: ScreenKind, _ params: JSONValue = [:], query: String = "") throws -> any ScreenController {
        let controller = try GitHubScreens.makeController(kind: kind, params: params, source: source, loop: loop)
        try load(controller, query)
        return controller
    }

    func load(_ controller: any ScreenController, _ query: String) throws {
        try wait("a load") { controller.load(query: query, completion: $0) }.get()
    }

    func rows(_ controller: any ScreenController, section: String? = nil, offset: Int = 0, limit: Int = 1000) throws -> [Row] {
        try wait("rows") { controller.rows(section: section, offset: offset, limit: limit, revision: nil, completion: $0) }.get()
    }

    /// Every row of the screen, reading pages until none is left.
    func allRows(_ controller: any ScreenController) throws -> [Row] {
        while controller.sections.contains(where: { $0.hasMore == true }) {
            _ = try rows(controller)
            while controller.isLoading { loop.runOnce() }
        }
        return try rows(controller)
    }

    func byId(_ controller: any ScreenController) throws -> [String: Row] {
        Dictionary(uniqueKeysWithValues: try allRows(controller).map { ($0.id, $0) })
    }
}
