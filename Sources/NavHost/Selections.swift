import NavProtocol
import Transport

/// Runs `screen/select`: asks the screen's worker what the row does, and carries out the push
/// or pop the worker asks for in return (`host/push`, `host/pop`). It owns the selection's
/// state, all of it: the selection under way and the selections the client cancelled.
final class Selections {
    private let navigator: Navigator
    private let queue: RequestQueue
    private let gateway: ScreenGateway
    private let supervisor: Supervisor

    /// The selection under way: it holds the request queue, so its worker's push or pop runs
    /// at once, inside it.
    private struct Selection {
        let screenId: String?
        /// How many of a pushed screen's first rows the answer should carry.
        let firstRows: Int?
        /// Those rows, once the push has opened the screen.
        var pushedRows: (screenId: String, rows: FirstRows)?
    }

    private var current: Selection?
    /// Screens whose last selection the client cancelled: a push or pop their worker asks for
    /// afterwards (it may still be on its way) is refused until the screen's next selection.
    private var cancelled: Set<String> = []

    init(navigator: Navigator, queue: RequestQueue, gateway: ScreenGateway, supervisor: Supervisor, events: WorkerEvents) {
        self.navigator = navigator
        self.queue = queue
        self.gateway = gateway
        self.supervisor = supervisor
        events.handleRequests(HostPushRequest.method) { [unowned self] worker, request, responder in self.push(from: worker, request, responder) }
        events.handleRequests(HostPopRequest.method) { [unowned self] worker, _, responder in self.pop(from: worker, responder) }
    }

    /// A selection holds the queue until the worker answers, since it may push or pop.
    func select(_ params: SelectRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        let entry = navigator.entry(id: params.screen)
        if params.rowId == FailedScreen.reloadRowId, let entry, entry.failure != nil {
            return supervisor.reload(entry) { result in
                responder.reply(encoded: result)
                done()
            }
        }
        let selecting = entry?.screen.id
        current = Selection(screenId: selecting, firstRows: params.rows)
        if let selecting { cancelled.remove(selecting) }
        gateway.send(WorkerSelectRequest(rowId: params.rowId), to: params.screen, cancelledWith: responder) { [unowned self] result in
            let selection = current
            current = nil
            switch result {
            case .success(let reached):
                let pushed = selection?.pushedRows.flatMap { reached.answer["pushed"]?["id"]?.stringValue == $0.screenId ? $0 : nil }
                responder.succeed(writing: SelectionAnswer(
                    workerAnswer: reached.answer, screen: reached.entry.screen.id, stack: navigator.stack, pushedRows: pushed))
            case .failure(let error):
                responder.fail(error)
            }
            done()
        }
        let forwardCancel = responder.onCancel
        responder.onCancel = { [unowned self] in
            if let selecting { cancelled.insert(selecting) }
            forwardCancel?()
        }
    }

    private func push(from worker: WorkerProcess, _ request: RPCRequest, _ responder: RPCResponder) {
        let push: HostPushRequest
        do throws(RPCError) {
            push = try HostPushRequest.decode(params: request.params)
        } catch {
            return responder.fail(error)
        }
        whileHoldingTheQueue(for: worker, responder) { [unowned self] done in
            let selecting = current?.screenId == worker.screenId
            navigator.push(
                kind: push.kind, params: push.params, above: worker.screenId, reason: .push,
                firstRows: selecting ? current?.firstRows : nil, unless: { [unowned self] in cancelled.contains(worker.screenId) }
            ) { [unowned self] result in
                if selecting, case .success(let outcome) = result, let rows = outcome.firstRows {
                    current?.pushedRows = (outcome.response.screen.id, rows)
                }
                responder.reply(encoded: result.map(\.response))
                done()
            }
        }
    }

    private func pop(from worker: WorkerProcess, _ responder: RPCResponder) {
        whileHoldingTheQueue(for: worker, responder) { [unowned self] done in
            navigator.pop(screenId: worker.screenId) { responder.reply(encoded: $0) }
            done()
        }
    }

    /// A worker's stack change runs at once inside the selection that holds the queue for it,
    /// and in turn otherwise.
    private func whileHoldingTheQueue(for worker: WorkerProcess, _ responder: RPCResponder, _ body: @escaping (@escaping () -> Void) -> Void) {
        // The client cancelled the selection: what it would have pushed or popped is not done.
        guard !cancelled.contains(worker.screenId) else { return responder.fail(.requestCancelled()) }
        if current?.screenId == worker.screenId {
            body {}
        } else {
            queue.enqueue(body)
        }
    }
}

/// The client's answer to `screen/select`: the worker's answer (the action and what goes with
/// it) with the screen selected on, the stack after the selection and, for a push that asked for
/// them, the pushed screen's first rows. Written straight into bytes, the rows as the pushed
/// screen's worker wrote them.
private struct SelectionAnswer: JSONWritable {
    let workerAnswer: JSONValue
    let screen: String
    let stack: [Screen]
    let pushedRows: (screenId: String, rows: FirstRows)?

    func write(to writer: inout JSONWriter) {
        var members: [(name: String, write: (inout JSONWriter) -> Void)] = [
            ("screen", { [screen] in $0.string(screen) }),
            ("stack", { [stack] in $0.array(stack) }),
        ]
        if let pushedRows { members.append(("pushedRows", { pushedRows.rows.write(to: &$0, screen: pushedRows.screenId) })) }
        writer.object(workerAnswer.objectValue ?? [:], adding: members)
    }
}
