import NavProtocol
import Transport

/// Answers `screen/render`: reads a screen's rows through the gateway (so a hibernating screen
/// wakes and a failed one shows its failed section, as `screen/rows` would) and lays them out
/// as text with the same renderer `navhost demo` and failing flows use.
struct ScreenRenderer {
    let navigator: Navigator
    let gateway: ScreenGateway

    func render(_ params: RenderRequest, _ responder: RPCResponder) {
        let width = params.width ?? RenderRequest.defaultWidth
        let limit = params.limit ?? 200
        gateway.send(WorkerRowsRequest(offset: 0, limit: limit), to: params.screen, cancelledWith: responder) { [navigator] result in
            switch result {
            case .success(let reached):
                let entry = reached.entry
                guard let rows = try? JSONValueDecoder().decode(RowsRequest.Response.self, from: reached.answer) else {
                    return responder.fail(RPCError(
                        code: RPCErrorCode.workerFailed, message: "screen \(entry.screen.id) sent rows navhost cannot read",
                        data: ["screen": .string(entry.screen.id)]))
                }
                let depth = (navigator.entries.firstIndex { $0 === entry } ?? 0) + 1
                let snapshot = ScreenSnapshot(screen: entry.screen, revision: rows.revision, sections: rows.sections, rows: rows.rows)
                let layout = ScreenText.layout(snapshot, depth: depth, width: width)
                responder.succeed(encoding: RenderRequest.Response(screen: entry.screen.id, text: layout.text, rowLines: layout.rowLines))
            case .failure(let error):
                responder.fail(error)
            }
        }
    }
}
