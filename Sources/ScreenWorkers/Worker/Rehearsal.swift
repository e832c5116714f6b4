import GitHubModels
import GitHubScreens
import ListController
import NavProtocol
import UVKit

/// What a warm spare does while it waits for a push: opens the root screen, follows its first
/// row's selection a few screens deep, reads each screen's first rows and writes them as JSON,
/// then drops it all. A fresh process pays on its first open for binding symbols, instantiating
/// Swift metadata, faulting code in, and preparing SQLite's statements and reading its pages;
/// the spare pays that here, so the push that takes it pays only for its own screen.
///
/// Only over the snapshot: a live source would spend the user's rate limit on screens nobody
/// asked for. It stops at the next screen once `wanted` turns false (the real screen arrived).
enum Rehearsal {
    static let depth = 3

    static func run(source: any GitHubSource, loop: UVLoop, while wanted: @escaping () -> Bool, done: @escaping () -> Void = {}) {
        step(kind: UsersScreen.kind, params: .object([:]), remaining: depth, source: source, loop: loop, wanted: wanted, done: done)
    }

    private static func step(
        kind: ScreenKind, params: JSONValue, remaining: Int, source: any GitHubSource, loop: UVLoop,
        wanted: @escaping () -> Bool, done: @escaping () -> Void
    ) {
        guard remaining > 0, wanted(),
            let controller = try? GitHubScreens.makeController(kind: kind, params: params, source: source, loop: loop)
        else { return done() }
        controller.load(query: "") { loaded in
            guard case .success = loaded else { return done() }
            controller.rows(section: nil, offset: 0, limit: RowsRequest.defaultLimit, revision: nil) { read in
                guard case .success(let rows) = read else { return done() }
                _ = RowsRequest.Response(screen: "rehearsal", revision: controller.revision, sections: controller.sections, rows: rows).jsonBytes
                let next = rows.lazy.compactMap { row -> (ScreenKind, JSONValue)? in
                    guard case .push(let kind, let params)? = try? controller.select(rowId: row.id) else { return nil }
                    return (kind, params)
                }.first
                controller.close()
                guard let (nextKind, nextParams) = next else { return done() }
                step(kind: nextKind, params: nextParams, remaining: remaining - 1, source: source, loop: loop, wanted: wanted, done: done)
            }
        }
    }
}
