import NavProtocol

/// Reads a whole screen, every row of every section, in windows of the protocol's largest
/// size, all of one revision: `navhost show` prints it, flows match and snapshot it, and
/// `navhost mcp` returns it as a resource.
public enum ScreenWindows {
    /// Reads the rows again from the start this many times when they change under the read.
    public static let attempts = 5

    /// A `stop` (another thread's) ends the read with `CallStopped`.
    public static func readWhole(_ client: NavClient, _ screen: Screen, timeout: Double, stop: CallStop? = nil) throws -> ScreenSnapshot {
        var attempt = 1
        while true {
            do {
                return try readOnce(client, screen, timeout: timeout, stop: stop)
            } catch let error as NavClientError where error.rpcError?.code == RPCErrorCode.revisionGone && attempt < attempts {
                attempt += 1
            }
        }
    }

    /// Every screen on the stack, root first, each read whole.
    public static func readStack(_ client: NavClient, timeout: Double) throws -> [ScreenSnapshot] {
        try client.send(StackRequest(), timeout: timeout).stack.map { try readWhole(client, $0, timeout: timeout) }
    }

    private static func readOnce(_ client: NavClient, _ screen: Screen, timeout: Double, stop: CallStop?) throws -> ScreenSnapshot {
        func read(_ request: RowsRequest) throws -> RowsRequest.Response {
            try client.send(request, timeout: timeout, stop: stop)
        }
        let first = try read(RowsRequest(screen: screen.id, offset: 0, limit: RowsRequest.maxLimit))
        var rows = first.rows
        let total = first.sections.reduce(0) { $0 + $1.count }
        while rows.count < total {
            let window = try read(RowsRequest(screen: screen.id, offset: rows.count, limit: RowsRequest.maxLimit, revision: first.revision))
            if window.rows.isEmpty { break }
            rows += window.rows
        }
        return ScreenSnapshot(screen: screen, revision: first.revision, sections: first.sections, rows: rows)
    }
}
