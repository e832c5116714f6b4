import NavProtocol
import Transport

/// Answers `screen/render`: reads a screen's rows from its worker and lays them out as text
/// with the same renderer `navhost demo` and failing flows use.
struct ScreenRenderer {
    let host: Host

    func render(_ params: RenderRequest, _ responder: RPCResponder) {
        let width = params.width ?? RenderRequest.defaultWidth
        let limit = params.limit ?? 200
        guard width >= RenderRequest.minimumWidth else {
            return responder.fail(.invalidParams("invalid params: field 'width' must be at least \(RenderRequest.minimumWidth)"))
        }
        guard (0...RowsRequest.maxLimit).contains(limit) else {
            return responder.fail(.invalidParams("invalid params: field 'limit' must be between 0 and \(RowsRequest.maxLimit)"))
        }
        let navigator = host.navigator
        guard let entry = navigator.entry(id: params.screen) else {
            let ids = navigator.stack.map(\.id).joined(separator: ", ")
            return responder.fail(RPCError(
                code: RPCErrorCode.screenNotFound, message: "no screen '\(params.screen ?? "")' on the stack; the stack is [\(ids)]",
                data: ["screen": params.screen.map(JSONValue.string) ?? .null]))
        }
        if entry.isHibernating, let supervisor = host.supervisor {
            return supervisor.wake(entry) { [self] result in
                if case .failure(let error) = result { return responder.fail(error) }
                render(params, responder)
            }
        }
        let depth = (navigator.entries.firstIndex { $0 === entry } ?? 0) + 1
        let worker = entry.worker
        guard worker.isRunning else {
            return responder.fail(worker.failure("screen \(entry.screen.id) is not running: its worker \(worker.exitStatus?.description ?? "ended")"))
        }
        let id = worker.request(WorkerMethod.rows, params: ["offset": 0, "limit": .int(limit)], timeoutMilliseconds: host.configuration.requestTimeoutMilliseconds) { result in
            switch result {
            case .success(let value):
                guard let rows = try? JSONValueDecoder().decode(RowsRequest.Response.self, from: value) else {
                    return responder.fail(worker.failure("screen \(entry.screen.id) sent rows navhost cannot read"))
                }
                let snapshot = ScreenSnapshot(screen: entry.screen, revision: rows.revision, sections: rows.sections, rows: rows.rows)
                let layout = ScreenText.layout(snapshot, depth: depth, width: width)
                responder.succeed(encoding: RenderRequest.Response(screen: entry.screen.id, text: layout.text, rowLines: layout.rowLines))
            case .failure(let error):
                responder.fail(error)
            }
        }
        responder.onCancel = { worker.connection.cancelRequest(id) }
    }
}
