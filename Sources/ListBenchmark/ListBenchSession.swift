import Foundation
import NavClient
import NavProtocol
import ProcessSupport

/// navhost started on the snapshot with its users screen open, and how long that took: from
/// starting navhost to knowing the popular list's length.
struct Session {
    let client: NavClient
    let screen: String
    let total: Int
    let openMilliseconds: Double

    init(snapshot: String) throws {
        let started = ContinuousClock.now
        client = try NavClient(
            executable: ExecutableDirectory.path + "/navhost", arguments: ["--data", snapshot, "--request-timeout", "60"])
        do {
            screen = try client.send(InitializeRequest(clientInfo: .init(name: "navshell-list-bench")), timeout: 60).stack[0].id
            total = try client.send(RowsRequest(screen: screen, limit: 0), timeout: 60).sections.first?.count ?? 0
        } catch {
            _ = try? client.shutdownAndExit()
            throw SessionError(description: "\(error)\n(a snapshot written by an older build: --regenerate writes it again)")
        }
        openMilliseconds = started.duration(to: .now).seconds * 1000
    }

    func close() {
        _ = try? client.shutdownAndExit()
    }
}

struct SessionError: Error, CustomStringConvertible {
    let description: String
}
