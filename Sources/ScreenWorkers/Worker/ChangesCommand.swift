import ArgumentParser
import Foundation
import GitHubSnapshot
import NavProtocol
import WorkerLaunch

/// `screen-worker changes` (run as `navhost changes`): the snapshot source's local changes, the
/// writes kept in the local state database (docs/protocol.md, "Local state"), listed or discarded.
struct LocalChangesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes", abstract: "List the snapshot's local changes (the writes actions made), or discard them.")

    @Option(name: .customLong(WorkerFlag.state), help: "The local state database (default: $XDG_STATE_HOME/navshell/local-state.sqlite).")
    var state: String?

    @Flag(help: "Print JSON: an array of {id, madeAt, kind, owner, name, number, value}.")
    var json = false

    @Flag(help: "Remove every local change: the screens show the snapshot as it is again.")
    var discard = false

    func run() throws {
        let local = LocalState(path: state ?? LocalState.defaultPath())
        if discard {
            let count = try local.discardAll()
            print("Discarded \(count) local change\(count == 1 ? "" : "s") from \(local.path).")
            return
        }
        let changes = try local.allChanges()
        if json {
            print(JSONValue.array(changes.map(\.json)).serializedString)
            return
        }
        if changes.isEmpty { print("No local changes in \(local.path).") }
        for change in changes {
            let item = "\(change.owner)/\(change.name)" + (change.number.map { "#\($0)" } ?? "")
            let value = change.value.isEmpty ? "" : "  " + change.value.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "⏎")
            print("\(change.madeAt)  \(item)  \(change.kind)\(value)")
        }
    }
}

extension LocalChange {
    var json: JSONValue {
        [
            "id": .int(id), "madeAt": .string(madeAt), "kind": .string(kind), "owner": .string(owner), "name": .string(name),
            "number": number.map(JSONValue.int) ?? .null, "value": .string(value),
        ]
    }
}
