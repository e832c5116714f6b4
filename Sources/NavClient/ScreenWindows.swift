import NavProtocol

/// Reads a whole screen, every row of every section, in windows of the protocol's largest
/// size, all of one revision: `navhost show` prints it, flows match and snapshot it, and
/// `navhost mcp` returns it as a resource.
public enum ScreenWindows {
    /// Reads the rows again from the start this many times when they change under the read.
    public static let attempts = 5

    public static func readWhole(_ client: NavClient, _ screen: Screen, timeout: Double) throws -> ScreenSnapshot {
        var attempt = 1
        while true {
            do {
                return try readOnce(client, screen, timeout: timeout)
            } catch let error as NavClientError where error.rpcError?.code == RPCErrorCode.revisionGone && attempt < attempts {
                attempt += 1
            }
        }
    }

    /// Every screen on the stack, root first, each read whole.
    public static func readStack(_ client: NavClient, timeout: Double) throws -> [ScreenSnapshot] {
        try client.send(StackRequest(), timeout: timeout).stack.map { try readWhole(client, $0, timeout: timeout) }
    }

    private static func readOnce(_ client: NavClient, _ screen: Screen, timeout: Double) throws -> ScreenSnapshot {
        let first = try client.send(RowsRequest(screen: screen.id, offset: 0, limit: RowsRequest.maxLimit), timeout: timeout)
        var rows = first.rows
        let total = first.sections.reduce(0) { $0 + $1.count }
        while rows.count < total {
            let window = try client.send(
                RowsRequest(screen: screen.id, offset: rows.count, limit: RowsRequest.maxLimit, revision: first.revision),
                timeout: timeout)
            if window.rows.isEmpty { break }
            rows += window.rows
        }
        return ScreenSnapshot(screen: screen, revision: first.revision, sections: first.sections, rows: rows)
    }
}
