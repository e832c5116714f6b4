import Foundation
import NavProtocol

/// `snapshot: NAME` compares the whole stack with `__snapshots__/NAME.json` beside the flow
/// file, or writes that file with `--update-snapshots`. Screens are kept by kind, title and
/// params (screen ids depend on history), rows by their stable ids.
struct SnapshotFiles {
    /// The folder of the flow file the step is in.
    let flowDirectory: String
    let update: Bool

    func path(of name: String) -> String { flowDirectory + "/__snapshots__/" + name + ".json" }

    /// Returns a note for the progress line when the file was written; throws on a mismatch.
    func check(_ name: String, stack: [ScreenSnapshot]) throws -> String? {
        let current = SnapshotFiles.json(of: stack)
        let file = path(of: name)
        if update {
            try FileManager.default.createDirectory(atPath: flowDirectory + "/__snapshots__", withIntermediateDirectories: true)
            try (current.prettyPrinted() + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            return "written to \(file)"
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw FlowFailure(
                expectation: "the stack as recorded in \(file)", found: "no such file; run with --update-snapshots to write it",
                screen: stack.last, depth: stack.count)
        }
        let recorded: JSONValue
        do {
            recorded = try JSONValue(parsing: text)
        } catch {
            throw FlowFailure(expectation: "a snapshot file in JSON", found: "\(file) is not JSON: \(error)", screen: stack.last, depth: stack.count)
        }
        guard recorded != current else { return nil }
        let diff = SnapshotDiff(recorded: recorded, current: current)
        let position = diff.firstScreenIndex.map { min($0, stack.count - 1) } ?? stack.count - 1
        throw FlowFailure(
            expectation: "the stack as recorded in \(file)", found: "\(diff.lines.count) difference(s), row by row (- recorded, + now)",
            screen: stack.indices.contains(position) ? stack[position] : nil, depth: position + 1,
            mark: diff.firstRowId.map(ScreenText.Mark.row) ?? .title, details: diff.lines)
    }

    static func json(of stack: [ScreenSnapshot]) -> JSONValue {
        .object(["stack": .array(stack.map(json(of:)))])
    }

    private static func json(of snapshot: ScreenSnapshot) -> JSONValue {
        let encoder = JSONValueEncoder()
        return .object([
            "kind": .string(snapshot.screen.kind.rawValue),
            "title": .string(snapshot.screen.title),
            "params": snapshot.screen.params,
            "sections": (try? encoder.encode(snapshot.sections)) ?? .null,
            "rows": (try? encoder.encode(snapshot.rows)) ?? .null,
        ])
    }
}
