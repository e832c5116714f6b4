import NavProtocol
import Transport
import UVKit

/// A screen on the stack and the worker that serves it.
final class ScreenEntry {
    var screen: Screen
    /// Replaced when the supervisor restarts the screen; a dead one while the screen has failed.
    var worker: WorkerProcess
    /// The screen's restoration token, as its worker last reported it.
    var token: RestorationToken?
    /// What `worker/open` answered: the screen as its current worker first showed it.
    var openedState: ScreenState?
    /// The first rows that answer carried (a selection asked for them) as a `screen/rows`
    /// answer without its `screen`, until handed on.
    var openedRows: JSONValue?
    /// Set past the restart intensity: the screen shows this until `screen/reload`.
    var failure: RPCError?
    var restarts = RestartHistory()
    /// Deep in the stack, its worker was ended to save memory; it is woken from `token` when needed.
    var isHibernating = false
    /// Requests waiting for the screen to wake.
    var wakers: [(Result<Void, RPCError>) -> Void] = []
    init(screen: Screen, worker: WorkerProcess) {
        self.screen = screen
        self.worker = worker
    }
}

/// The navigation stack, and the queue that keeps the client's requests in order: each
/// request runs after the ones before it have changed the stack, so a script may pipeline
/// `nav/push` and `screen/rows` and get the pushed screen's rows. Stack changes hold the queue
/// until they are complete; reads release it as soon as they are forwarded.
final class Navigator {
    private(set) var entries: [ScreenEntry] = [] {
        didSet { stackGeneration += 1 }
    }
    /// Grows with every change of the stack: part of the state version scripts wait on.
    private(set) var stackGeneration = 0
    private let spawner: WorkerSpawner
    private var operations: [(@escaping () -> Void) -> Void] = []
    /// The first operation not started yet.
    private var next = 0
    private var isRunningOperation = false
    /// The screen whose selection holds the queue: its worker's push or pop runs at once.
    var selectingScreen: String?
    /// How many of a pushed screen's first rows the selection under way wants in its answer.
    var selectionRows: Int?
    /// Screens whose last selection the client cancelled: a push or pop their worker asks for
    /// afterwards (it may still be on its way) is refused until the screen's next selection.
    var cancelledSelections: Set<String> = []
    /// Tells the client the stack changed.
    var onStackChange: (([Screen], StackChangeReason) -> Void)?

    init(spawner: WorkerSpawner) {
        self.spawner = spawner
    }

    var stack: [Screen] { entries.map(\.screen) }

    /// Operations waiting their turn, not counting the one running.
    var queuedOperationCount: Int { operations.count - next }

    var isRunningAnOperation: Bool { isRunningOperation }

    var top: ScreenEntry? { entries.last }

    func entry(id: String?) -> ScreenEntry? {
        guard let id else { return top }
        return entries.first { $0.screen.id == id }
    }

    /// Queues an operation; `body` calls its argument when the next one may start.
    func enqueue(_ body: @escaping (@escaping () -> Void) -> Void) {
        operations.append(body)
        runNext()
    }

    /// Queues an operation ahead of those waiting (a restart: later requests should find the screen back).
    func enqueueFirst(_ body: @escaping (@escaping () -> Void) -> Void) {
        operations.insert(body, at: next)
        runNext()
    }

    /// Replaces the whole stack with `entries` (already open); the old screens are stopped.
    func replaceStack(with newEntries: [ScreenEntry]) {
        let removed = entries
        entries = newEntries
        spawner.stop(removed.reversed())
        onStackChange?(stack, .setStack)
    }

    /// Runs queued operations in a loop while they finish at once (reads do), and returns when
    /// one is still under way; its completion resumes the loop. No recursion, no O(n) shifts.
    private func runNext() {
        guard !isRunningOperation else { return }
        while next < operations.count && !isRunningOperation {
            let operation = operations[next]
            next += 1
            if next > 256 && next * 2 > operations.count {
                operations.removeFirst(next)
                next = 0
            }
            isRunningOperation = true
            var finished = false
            var returned = false
            operation { [weak self] in
                guard !finished, let self else { return }
                finished = true
                self.isRunningOperation = false
                if returned { self.runNext() }
            }
            returned = true
        }
    }

    /// Spawns and opens a screen, then puts it on top. When `above` names a screen, the screens
    /// above it are popped first (a selection in a lower screen replaces what was above it).
    func push(
        kind: ScreenKind, params: JSONValue?, above: String? = nil, reason: StackChangeReason, firstRows: Int? = nil,
        unless abandoned: @escaping () -> Bool = { false }, reply: @escaping (Result<PushRequest.Response, RPCError>) -> Void
    ) {
        if let above, let index = entries.firstIndex(where: { $0.screen.id == above }), index < entries.count - 1 {
            let removed = Array(entries[(index + 1)...])
            entries.removeSubrange((index + 1)...)
            spawner.stop(removed.reversed())
            onStackChange?(stack, .pop)
        }
        spawner.open(kind: kind, params: params, firstRows: firstRows) { [self] result in
            switch result {
            case .success(let entry) where abandoned():
                spawner.stop([entry])
                reply(.failure(.requestCancelled()))
            case .success(let entry):
                entries.append(entry)
                onStackChange?(stack, reason)
                reply(.success(PushRequest.Response(screen: entry.screen, stack: stack)))
            case .failure(let error):
                reply(.failure(error))
            }
        }
    }

    func pop(reply: (Result<PopRequest.Response, RPCError>) -> Void) {
        guard entries.count > 1, let top = entries.last else {
            return reply(.failure(RPCError(
                code: RPCErrorCode.invalidNavigation, message: "cannot pop the root screen",
                data: ["stack": .array(stack.map { .string($0.id) })])))
        }
        pop(screenId: top.screen.id, reply: reply)
    }

    func popToRoot(reply: (Result<PopToRootRequest.Response, RPCError>) -> Void) {
        let removed = Array(entries.dropFirst())
        entries.removeSubrange(min(1, entries.count)...)
        spawner.stop(removed.reversed())
        if !removed.isEmpty { onStackChange?(stack, .popToRoot) }
        reply(.success(PopToRootRequest.Response(popped: removed.map(\.screen), stack: stack)))
    }

    /// Pops `screenId` and everything above it.
    func pop(screenId: String, reply: (Result<PopRequest.Response, RPCError>) -> Void) {
        guard let index = entries.firstIndex(where: { $0.screen.id == screenId }) else {
            return reply(.failure(RPCError(
                code: RPCErrorCode.screenNotFound, message: "screen \(screenId) is no longer on the stack",
                data: ["stack": .array(stack.map { .string($0.id) })])))
        }
        guard index > 0 else {
            return reply(.failure(RPCError(
                code: RPCErrorCode.invalidNavigation, message: "cannot pop the root screen",
                data: ["stack": .array(stack.map { .string($0.id) })])))
        }
        let removed = Array(entries[index...])
        entries.removeSubrange(index...)
        spawner.stop(removed.reversed())
        onStackChange?(stack, .pop)
        reply(.success(PopRequest.Response(popped: removed[0].screen, stack: stack)))
    }

    /// The first rows a screen's worker sent with its opening (asked for by a selection), as a
    /// `screen/rows` answer; given out once, so the entry does not keep them.
    func takeOpenedRows(of screenId: String) -> JSONValue? {
        guard let entry = entry(id: screenId), case .object(var answer)? = entry.openedRows else { return nil }
        entry.openedRows = nil
        answer["screen"] = .string(screenId)
        return .object(answer)
    }

    /// Ends every worker (top first); `done` runs when all have exited.
    func stopAll(done: @escaping () -> Void) {
        entries = []
        spawner.stopAll(done: done)
    }
}
