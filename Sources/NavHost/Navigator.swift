import NavProtocol
import Transport
import UVKit

/// A screen on the stack and the worker that serves it.
final class ScreenEntry {
    var screen: Screen
    /// The worker serving the screen: replaced when the supervisor restarts it; a dead one while
    /// the screen has failed (for its last words); nil while the screen hibernates.
    var worker: WorkerProcess?
    /// The screen's restoration token, as its worker last reported it.
    var token: RestorationToken?
    /// What `worker/open` answered: the screen as its current worker first showed it.
    var openedState: ScreenState?
    /// Set past the restart intensity: the screen shows this until `screen/reload`.
    var failure: RPCError?
    var restarts = RestartHistory()
    /// Deep in the stack, its worker was ended (or never started) to save memory; it is woken
    /// from `token` when needed.
    var isHibernating = false
    /// Requests waiting for the screen to wake.
    var wakers: [(Result<Void, RPCError>) -> Void] = []

    init(screen: Screen, worker: WorkerProcess?) {
        self.screen = screen
        self.worker = worker
    }

    /// Whether a running worker serves the screen now.
    var runningWorker: WorkerProcess? {
        guard let worker, worker.isRunning else { return nil }
        return worker
    }
}

/// A push that was made: the answer, and the first rows the pushed screen's opening carried
/// when a selection asked for them.
struct PushOutcome {
    let response: PushRequest.Response
    let firstRows: FirstRows?
}

/// The navigation stack. Every change goes through here and is announced to the observers
/// (the client's `nav/didChange`, hibernation, the idle survey's loading marks).
final class Navigator {
    private(set) var entries: [ScreenEntry] = [] {
        didSet { stackGeneration += 1 }
    }
    /// Grows with every change of the stack: part of the state version scripts wait on.
    private(set) var stackGeneration = 0
    private let spawner: WorkerSpawner
    private let maxDepth: Int
    private var observers: [([Screen], StackChangeReason) -> Void] = []

    init(spawner: WorkerSpawner, maxDepth: Int) {
        self.spawner = spawner
        self.maxDepth = maxDepth
    }

    /// Runs after every change of the stack, in the order observers were added.
    func observeChanges(_ observer: @escaping ([Screen], StackChangeReason) -> Void) {
        observers.append(observer)
    }

    private func changed(_ reason: StackChangeReason) {
        let screens = stack
        for observer in observers { observer(screens, reason) }
    }

    var stack: [Screen] { entries.map(\.screen) }

    var top: ScreenEntry? { entries.last }

    func entry(id: String?) -> ScreenEntry? {
        guard let id else { return top }
        return entries.first { $0.screen.id == id }
    }

    func contains(_ entry: ScreenEntry) -> Bool { entries.contains { $0 === entry } }

    /// The error for a stack that would grow past `--max-stack-depth`, if it would.
    func depthError(adding count: Int, below base: Int? = nil) -> RPCError? {
        let depth = (base ?? entries.count) + count
        guard depth > maxDepth else { return nil }
        return RPCError(
            code: RPCErrorCode.invalidNavigation,
            message: "the stack would hold \(depth) screens; navhost's limit is \(maxDepth) (--max-stack-depth)",
            data: ["limit": .int(maxDepth)])
    }

    /// Replaces the whole stack with `entries` (already open, or hibernating); the old screens are stopped.
    func replaceStack(with newEntries: [ScreenEntry]) {
        let removed = entries
        entries = newEntries
        spawner.stop(removed.reversed())
        changed(.setStack)
    }

    /// Spawns and opens a screen, then puts it on top. When `above` names a screen, the screens
    /// above it are popped first (a selection in a lower screen replaces what was above it).
    func push(
        kind: ScreenKind, params: JSONValue?, above: String? = nil, reason: StackChangeReason, firstRows: Int? = nil,
        unless abandoned: @escaping () -> Bool = { false }, reply: @escaping (Result<PushOutcome, RPCError>) -> Void
    ) {
        let base = above.flatMap { id in entries.firstIndex { $0.screen.id == id } }.map { $0 + 1 }
        if let error = depthError(adding: 1, below: base) { return reply(.failure(error)) }
        if let base, base < entries.count {
            let removed = Array(entries[base...])
            entries.removeSubrange(base...)
            spawner.stop(removed.reversed())
            changed(.pop)
        }
        spawner.open(kind: kind, params: params, firstRows: firstRows) { [self] result in
            switch result {
            case .success(let opened) where abandoned():
                spawner.stop([opened.entry])
                reply(.failure(.requestCancelled()))
            case .success(let opened):
                entries.append(opened.entry)
                changed(reason)
                reply(.success(PushOutcome(response: PushRequest.Response(screen: opened.entry.screen, stack: stack), firstRows: opened.firstRows)))
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
        if !removed.isEmpty { changed(.popToRoot) }
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
        changed(.pop)
        reply(.success(PopRequest.Response(popped: removed[0].screen, stack: stack)))
    }

    /// Ends every worker (top first); `done` runs when all have exited.
    func stopAll(done: @escaping () -> Void) {
        entries = []
        spawner.stopAll(done: done)
    }
}
