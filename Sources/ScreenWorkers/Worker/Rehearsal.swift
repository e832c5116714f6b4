import GitHubData
import GitHubModels
import GitHubScreens
import NavProtocol
import Transport
import UVKit

/// What a warm spare does while it waits for a push: it plays the host to a screen session of
/// its own, over a pair of pipes inside the process, and pushes the way navhost does:
/// `worker/open`, the first rows, `worker/select` of the first row that pushes (answering the
/// session's `host/push`), then the pushed screen in a new session, a few screens deep.
///
/// A fresh process pays on its first push for binding symbols, instantiating Swift metadata
/// (a generic type's first use with new arguments may have to find a conformance of theirs,
/// which the runtime does by scanning all the binary's conformance records), faulting code in,
/// and preparing SQLite's statements and reading its pages. Through
/// the same `ScreenSession` and `RPCConnection` as the host's requests, the rehearsal pays all of
/// it, for the protocol's messages as much as for the screens: the push that takes the spare, and
/// the first selection in the screen it became, pay only for their own work.
///
/// Only over the snapshot: a live source would spend the user's rate limit on screens nobody
/// asked for. It drops every screen it opened when it is done, or at once when it is stopped
/// (the real screen arrived, or the host went): a read of its still under way is cancelled,
/// so the push does not wait for it.
final class Rehearsal {
    static let depth = 3
    /// Rows tried in turn for a selection that pushes (a row may open a URL instead).
    static let selectionsTried = 8

    fileprivate let loop: UVLoop
    private let log: Log
    private let debounceMilliseconds: UInt64
    private let source: any GitHubSource
    private var rehearsed: [ScreenKind] = []
    private var stage: Loopback?
    private var isFinished = false

    private init(source: any GitHubSource, loop: UVLoop, log: Log, debounceMilliseconds: UInt64) {
        self.source = source
        self.loop = loop
        self.log = log
        self.debounceMilliseconds = debounceMilliseconds
    }

    /// Starts a rehearsal; when it is done it logs (debug) the screens it opened.
    static func start(source: any GitHubSource, loop: UVLoop, log: Log, debounceMilliseconds: UInt64) -> Rehearsal {
        let rehearsal = Rehearsal(source: source, loop: loop, log: log, debounceMilliseconds: debounceMilliseconds)
        rehearsal.step(UsersScreen.kind, params: .object([:]))
        return rehearsal
    }

    /// Ends the rehearsal now, wherever it is; nothing of it runs after.
    func stop() {
        finish(stopped: true)
    }

    /// Opens one screen in a new session and reads its first rows; every other screen asks
    /// for them in its `worker/open`, as a selection with `rows` does.
    private func step(_ kind: ScreenKind, params: JSONValue) {
        closeStage()
        guard !isFinished, rehearsed.count < Self.depth, let stage = try? Loopback(rehearsal: self) else { return finish() }
        self.stage = stage
        rehearsed.append(kind)
        let firstRows = rehearsed.count.isMultiple(of: 2) ? RowsRequest.defaultLimit : nil
        let open = WorkerOpenRequest(screen: "rehearsal-\(rehearsed.count)", kind: kind, params: params, rows: firstRows)
        request(WorkerOpenRequest.method, (try? JSONValueEncoder().encode(open)) ?? .null) { [self] opened in
            if firstRows != nil, let rows = opened["rows"] { return select(in: rows, tried: 0) }
            request(WorkerRowsRequest.method, ["offset": 0, "limit": .int(RowsRequest.defaultLimit)]) { [self] rows in
                select(in: rows["rows"] ?? .null, tried: 0)
            }
        }
    }

    /// Selects the rows in turn until one pushes: its `host/push` carries the next step.
    private func select(in rows: JSONValue, tried: Int) {
        let ids = rows.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        guard tried < min(ids.count, Self.selectionsTried) else { return finish() }
        request(WorkerSelectRequest.method, ["rowId": .string(ids[tried])]) { [self] outcome in
            guard outcome["action"]?.stringValue == SelectionOutcome.push.rawValue,
                let pushed = outcome["pushed"], let kind = pushed["kind"]?.stringValue
            else { return select(in: rows, tried: tried + 1) }
            step(ScreenKind(rawValue: kind), params: pushed["params"] ?? .object([:]))
        }
    }

    /// Sends a request to the session; a failure ends the rehearsal. The completions hold the
    /// rehearsal until its stage closes.
    private func request(_ method: String, _ params: JSONValue, then next: @escaping (JSONValue) -> Void) {
        guard let stage else { return finish() }
        stage.host.sendRequest(method: method, params: params, timeoutMilliseconds: nil) { [self] result in
            switch result {
            case .success(let value): next(value)
            case .failure(let error):
                if !isFinished { log.debug("rehearsal: \(method) failed: \(error.message)") }
                finish()
            }
        }
    }

    /// What the host answers a session's `host/push`: the screen pushed.
    fileprivate func answer(_ request: RPCRequest, _ responder: RPCResponder) {
        guard request.method == HostPushRequest.method, let push = try? HostPushRequest.decode(params: request.params) else {
            return responder.fail(.methodNotFound(request.method))
        }
        let screen = Screen(id: "rehearsal-\(rehearsed.count + 1)", kind: push.kind, title: push.kind.rawValue, params: push.params ?? .object([:]))
        responder.succeed(encoding: HostPushRequest.Response(screen: screen, stack: [screen]))
    }

    private func finish(stopped: Bool = false) {
        guard !isFinished else { return }
        isFinished = true
        closeStage()
        let screens = rehearsed.map(\.rawValue).joined(separator: " -> ")
        log.debug(stopped ? "rehearsal stopped at \(screens)" : "rehearsed \(screens)")
        // The pipes' read buffers and the screens' rows were freed; the allocator would keep
        // their pages in this worker for as long as it serves the screen it becomes.
        if !stopped { FreedMemory.release() }
    }

    /// Closing fails what is still outstanding, which may call `finish`: the stage is let go first.
    private func closeStage() {
        let closing = stage
        stage = nil
        closing?.close()
    }

    fileprivate func session(on connection: RPCConnection) -> ScreenSession {
        ScreenSession(loop: loop, connection: connection, log: log, debounceMilliseconds: debounceMilliseconds) { [source] in source }
    }
}

/// A screen session and its host, connected by two pipes as navhost and a worker are.
private final class Loopback {
    let host: RPCConnection
    private let worker: RPCConnection
    private let session: ScreenSession

    init(rehearsal: Rehearsal) throws {
        let loop = rehearsal.loop
        let toWorker = try UVPipe.pair(loop: loop)
        let toHost: (reader: UVPipe, writer: UVPipe)
        do {
            toHost = try UVPipe.pair(loop: loop)
        } catch {
            toWorker.reader.close()
            toWorker.writer.close()
            throw error
        }
        host = ScreenSession.connection(loop: loop, name: "rehearsal worker", reader: toHost.reader, writer: toWorker.writer)
        worker = ScreenSession.connection(loop: loop, name: "rehearsal host", reader: toWorker.reader, writer: toHost.writer)
        session = rehearsal.session(on: worker)
        host.onRequest = { [unowned rehearsal] request, responder in rehearsal.answer(request, responder) }
        worker.onRequest = { [unowned session] request, responder in session.handle(request, responder) }
        do {
            try host.start()
            try worker.start()
        } catch {
            close()
            throw error
        }
    }

    func close() {
        session.close()
        host.close()
        worker.close()
    }
}
