import NavProtocol

/// The actions of every row of a screen, read with one `screen/actions` a row, all pipelined
/// (`navhost show --actions`).
public enum ScreenActions {
    /// Row ids to actions; rows must be loaded on `screen` (read them first).
    public static func read(_ client: NavClient, screen: String, rowIds: [String], timeout: Double) throws -> [String: [Action]] {
        var actions: [String: [Action]] = [:]
        // A few hundred at a time keeps what navhost holds for this client bounded.
        var start = 0
        while start < rowIds.count {
            let batch = Array(rowIds[start..<min(start + 200, rowIds.count)])
            let replies = try client.replies(
                to: try client.post(batch.map { ActionsRequest(screen: screen, rowIds: [$0]) }), timeout: timeout)
            for (rowId, reply) in zip(batch, replies) { actions[rowId] = try reply.decoded(as: ActionsRequest.self).actions }
            start += batch.count
        }
        return actions
    }

    /// A screen's text (`ScreenText`) with each row's actions under it, one a line.
    public static func text(_ screen: ScreenSnapshot, actions: [String: [Action]], depth: Int?, width: Int) -> String {
        ScreenText.layout(screen, depth: depth, width: width) { row in
            (actions[row.id] ?? []).map { "│       · " + ActionText.line($0) }
        }.text
    }
}
