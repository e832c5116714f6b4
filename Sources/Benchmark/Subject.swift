/// One process tree the client talks to, and the request it repeats: the same request shape is
/// used by the round trips, the CPU runs and the pipelined throughput run.
struct Subject {
    enum Key: String, Codable {
        case echo, cRelayEcho, nodeRelayEcho, worker, cRelayWorker, nodeRelayWorker, navhost
    }

    let key: Key
    let name: String
    /// Why it cannot run here, or nil.
    let unavailable: String?
    let command: [String]
    /// A request sent once first, its reply awaited and not timed.
    let initLine: String?
    let method: String
    let params: String

    /// The default request params of shared/baseline's ping_client, so the echo rows match the
    /// baseline README's setup.
    static let pingParams = "{\"payload\":\"abcdefghijklmnopqrstuvwxyz0123456789\"}"
    static let workerOpen = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"worker/open\",\"params\":{\"screen\":\"s1\",\"kind\":\"users\",\"params\":{}}}"
    static let initialize = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"clientInfo\":{\"name\":\"navshell-bench\"}}}"
    /// What navhost forwards to the worker for `screen/rows {"limit":1}`.
    static let workerRowsParams = "{\"offset\":0,\"limit\":1}"

    /// The seven subjects, in the order the tables show them.
    static func all(_ paths: BenchPaths) -> [Subject] {
        let echo = paths.echoWorker
        let worker = paths.screenWorker
        let missingEcho = echo == nil ? paths.missing("echo_worker") : nil
        let missingRelay = paths.uvRelay == nil ? paths.missing("uv_relay") : nil
        let missingNode = paths.node == nil ? paths.missing("node") : paths.nodeRelay == nil ? paths.missing("node_relay.js") : nil
        let uvRelay = paths.uvRelay ?? "uv_relay"
        let node = [paths.node ?? "node", paths.nodeRelay ?? "node_relay.js"]
        func echoSubject(_ key: Key, _ name: String, _ host: [String], _ missing: String?) -> Subject {
            Subject(key: key, name: name, unavailable: missingEcho ?? missing, command: host + [echo ?? "echo_worker"],
                    initLine: nil, method: "ping", params: pingParams)
        }
        func workerSubject(_ key: Key, _ name: String, _ host: [String], _ missing: String?) -> Subject {
            Subject(key: key, name: name, unavailable: missing, command: host + [worker],
                    initLine: workerOpen, method: "worker/rows", params: workerRowsParams)
        }
        return [
            echoSubject(.echo, "echo_worker alone (one hop)", [], nil),
            echoSubject(.cRelayEcho, "C relay + echo_worker", [uvRelay], missingRelay),
            echoSubject(.nodeRelayEcho, "Node relay + echo_worker", node, missingNode),
            workerSubject(.worker, "screen-worker alone (one hop)", [], nil),
            workerSubject(.cRelayWorker, "C relay + screen-worker", [uvRelay], missingRelay),
            workerSubject(.nodeRelayWorker, "Node relay + screen-worker", node, missingNode),
            navhost(paths),
        ]
    }

    static func navhost(_ paths: BenchPaths, arguments: [String] = []) -> Subject {
        Subject(key: .navhost, name: "navhost + screen-worker", unavailable: nil, command: [paths.navhost] + arguments,
                initLine: initialize, method: "screen/rows", params: "{\"limit\":1}")
    }

    /// Starts the subject, sends the init request and one timed-request's worth, and checks
    /// both were answered with a result: the timed round trips do not look inside replies.
    func probe(stderrLog: String, timeout: Double) throws(BenchError) {
        let peer = try start(stderrLog: stderrLog, timeout: timeout)
        defer { peer.finish() }
        _ = try RPCPeer.result(of: try peer.call(method, params), method: method)
    }

    /// Starts the subject and sends its init request, if any.
    func start(stderrLog: String, timeout: Double) throws(BenchError) -> RPCPeer {
        let peer = RPCPeer(try ChildProcess(command, stderrPath: stderrLog), timeout: timeout)
        if let initLine {
            try peer.process.write(Array((initLine + "\n").utf8), deadline: Deadline(seconds: timeout))
            let deadline = Deadline(seconds: timeout)
            var line = try peer.process.readLine(deadline: deadline)
            while !ReplyLine.isReply(line) { line = try peer.process.readLine(deadline: deadline) }
            _ = try RPCPeer.result(of: line, method: "the init request")
        }
        return peer
    }
}
