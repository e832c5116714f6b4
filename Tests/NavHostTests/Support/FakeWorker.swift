import Glibc
import NavProtocol
import Transport
import UVKit
@testable import NavHost

/// A screen worker in the test's own process, on the host's loop: it speaks the worker protocol
/// over real pipes (the host's `WorkerProcess` and `RPCConnection` are the ones navhost runs)
/// and serves a small app of three kinds, `users` → `repositories` → `repository`. Signals
/// end it as they would a process; `hangs` makes it stop answering, as a stopped one does.
final class FakeWorker: WorkerChild {
    let pid: Int32
    let spawnMicroseconds: Double = 0
    /// Answers nothing from now on (requests still arrive): a hung worker.
    var hangs = false
    /// The screen it serves, once opened.
    private(set) var screen: (id: String, kind: ScreenKind, params: JSONValue)?
    private(set) var query = ""
    private(set) var exitStatus: ProcessExitStatus?
    private let connection: RPCConnection
    private let errors: UVPipe
    private let loop: UVLoop
    private let onExit: (ProcessExitStatus) -> Void
    private var revision = 1

    private init(pid: Int32, loop: UVLoop, reading: UVPipe, writing: UVPipe, errors: UVPipe, onExit: @escaping (ProcessExitStatus) -> Void) {
        self.pid = pid
        self.loop = loop
        self.errors = errors
        self.onExit = onExit
        connection = RPCConnection(loop: loop, name: "fake worker \(pid)", reader: reading, writer: writing, framing: .newlineDelimited, maxMessageBytes: 16 << 20)
    }

    /// Starts a fake worker with three pipe pairs: the host's ends go into the `StartedWorker`.
    static func start(pid: Int32, loop: UVLoop, onExit: @escaping (ProcessExitStatus) -> Void) throws -> (FakeWorker, StartedWorker) {
        let toWorker = try UVPipe.pair(loop: loop)
        let fromWorker = try UVPipe.pair(loop: loop)
        let stderr = try UVPipe.pair(loop: loop)
        let worker = FakeWorker(
            pid: pid, loop: loop, reading: toWorker.reader, writing: fromWorker.writer, errors: stderr.writer, onExit: onExit)
        worker.connection.onRequest = { [unowned worker] request, responder in worker.handle(request, responder) }
        worker.connection.onNotification = { [unowned worker] notification in
            if notification.method == ExitNotification.method { worker.end(ProcessExitStatus(exitCode: 0, signal: 0)) }
        }
        worker.connection.onInputEnd = { [unowned worker] _ in worker.end(ProcessExitStatus(exitCode: 0, signal: 0)) }
        try worker.connection.start()
        return (worker, StartedWorker(input: toWorker.writer, output: fromWorker.reader, errors: stderr.reader, process: worker))
    }

    // MARK: As a process

    func kill(_ signal: Int32) -> UVError? {
        guard exitStatus == nil else { return nil }
        // A stopped process holds a SIGTERM until it is continued; SIGKILL always ends it.
        if hangs && signal != SIGKILL { return nil }
        end(ProcessExitStatus(exitCode: 0, signal: signal))
        return nil
    }

    func close() {}

    /// Ends as a process does: its pipes close, and its exit is seen from the loop afterwards.
    func end(_ status: ProcessExitStatus) {
        guard exitStatus == nil else { return }
        exitStatus = status
        connection.close()
        errors.close()
        guard let timer = try? UVTimer(loop: loop) else { return onExit(status) }
        timer.start(after: 0) { [onExit] in
            timer.close()
            onExit(status)
        }
    }

    // MARK: The worker protocol

    private func handle(_ request: RPCRequest, _ responder: RPCResponder) {
        guard !hangs else { return }
        let params = request.params?.objectValue ?? [:]
        switch request.method {
        case WorkerKindsRequest.method:
            responder.succeed(.array(FakeApp.kinds.map { ["kind": .string($0.rawValue), "description": .string("fake \($0.rawValue)"), "params": [:]] }))
        case WorkerOpenRequest.method:
            let kind = ScreenKind(params["kind"]?.stringValue ?? "")
            screen = (params["screen"]?.stringValue ?? "", kind, params["params"] ?? [:])
            query = params["token"]?["query"]?.stringValue ?? ""
            revision = max(revision, params["token"]?["revision"]?.intValue ?? 0)
            var answer = state()
            answer["title"] = .string(FakeApp.title(kind, screen?.params ?? [:]))
            if let count = params["rows"]?.intValue { answer["rows"] = .array(Array(rows().prefix(count))) }
            responder.succeed(.object(answer))
        case WorkerRowsRequest.method:
            let offset = max(0, params["offset"]?.intValue ?? 0)
            let limit = max(0, params["limit"]?.intValue ?? 50)
            var answer = state()
            answer["rows"] = .array(Array(rows().dropFirst(offset).prefix(limit)))
            responder.succeed(.object(answer))
        case WorkerQueryRequest.method:
            query = params["text"]?.stringValue ?? ""
            revision += 1
            connection.sendNotification(
                method: WorkerDidChangeStateNotification.method, params: ["token": ["query": .string(query), "revision": .int(revision)]])
            responder.succeed(.object(state()))
        case WorkerSelectRequest.method:
            select(params["rowId"]?.stringValue ?? "", responder)
        case WorkerResolvePathRequest.method:
            guard let resolved = FakeApp.resolve(params["path"]?.stringValue ?? "") else {
                return responder.fail(.invalidParams("no such path"))
            }
            responder.succeed(resolved)
        case WorkerPingRequest.method, ShutdownRequest.method:
            responder.succeed(.null)
        default:
            responder.fail(.methodNotFound(request.method))
        }
    }

    /// A row pushes the screen it names (`host/push`), and the answer tells what was done.
    private func select(_ rowId: String, _ responder: RPCResponder) {
        guard let push = FakeApp.push(for: rowId) else { return responder.fail(.invalidParams("no row \(rowId)")) }
        _ = connection.sendRequest(method: HostPushRequest.method, params: ["kind": .string(push.kind.rawValue), "params": push.params], timeoutMilliseconds: nil) {
            result in
            switch result {
            case .success(let pushed): responder.succeed(["action": "push", "pushed": pushed["screen"] ?? .null])
            case .failure(let error): responder.fail(error)
            }
        }
    }

    private func state() -> [String: JSONValue] {
        ["screen": .string(screen?.id ?? ""), "revision": .int(revision), "sections": [["id": "main", "count": .int(rows().count)]]]
    }

    private func rows() -> [JSONValue] {
        guard let screen else { return [] }
        return FakeApp.rows(screen.kind, screen.params, query: query)
    }
}
