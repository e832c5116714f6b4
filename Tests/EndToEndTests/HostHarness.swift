import Glibc
import NavClient
import NavProtocol
import Testing
import UVKit

/// The built binaries sit beside the test bundle in the build directory.
enum Binaries {
    static var directory: String { BuildProducts.directory }
    static var navhost: String { BuildProducts.path(of: "navhost") }
}

/// A navhost under test, with the workers it spawned remembered so the test can prove they are gone.
final class HostUnderTest {
    let client: NavClient
    private(set) var seenWorkers: Set<Int32> = []

    /// Tests count the workers of the screens they open, so the warm spare is off unless a test
    /// asks for it (`--warm-spare`); `WarmSpareTests` covers it.
    init(_ arguments: [String] = [], framing: Framing = .newlineDelimited, environment: [String]? = nil) throws {
        let spare = arguments.contains("--warm-spare") ? [] : ["--no-warm-spare"]
        client = try NavClient(executable: Binaries.navhost, arguments: arguments + spare, environment: environment, framing: framing)
    }

    @discardableResult
    func initialize() throws -> InitializeRequest.Response {
        let response = try client.send(InitializeRequest(processId: nil, clientInfo: .init(name: "e2e")))
        noteWorkers()
        return response
    }

    /// Pids of the screen-worker children alive now.
    func workers() -> [Int32] {
        let pids = ProcessTable.children(of: client.pid).filter { $0.command.hasPrefix("screen-worker") }.map(\.pid)
        seenWorkers.formUnion(pids)
        return pids
    }

    func noteWorkers() { _ = workers() }

    /// `shutdown` then `exit`: the clean end. Returns how navhost exited.
    func shutdown() throws -> ProcessExitStatus {
        noteWorkers()
        _ = try client.request(ShutdownRequest.method)
        client.notify(ExitNotification.method)
        return try client.waitForExit()
    }

    /// After navhost exited: no worker it ever had is still running.
    func expectNoWorkerLeft(sourceLocation: SourceLocation = #_sourceLocation) {
        for pid in seenWorkers {
            #expect(!ProcessTable.isAlive(pid), "worker \(pid) outlived navhost", sourceLocation: sourceLocation)
        }
    }

    func rows(_ screen: String? = nil, limit: Int = 200) throws -> RowsRequest.Response {
        try client.send(RowsRequest(screen: screen, offset: 0, limit: limit))
    }

    func select(_ rowId: String) throws -> SelectRequest.Response {
        let response = try client.send(SelectRequest(rowId: rowId))
        noteWorkers()
        return response
    }

    func stack() throws -> [Screen] { try client.send(StackRequest()).stack }

    /// Sends a request expecting an error and returns it.
    func expectError(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> RPCError? {
        do {
            let result = try client.request(method, params)
            Issue.record("expected an error from \(method), got \(result)", sourceLocation: sourceLocation)
            return nil
        } catch let error as NavClientError {
            guard let rpc = error.rpcError else {
                Issue.record("expected an RPC error from \(method), got \(error)", sourceLocation: sourceLocation)
                return nil
            }
            return rpc
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// Runs a command to completion and returns its exit status and stdout.
func runCommand(_ executable: String, _ arguments: [String], stdinFile: String? = nil) throws -> (status: ProcessExitStatus, output: String) {
    let loop = UVLoop()
    let output = try UVPipe(loop: loop)
    var status: ProcessExitStatus?
    var text: [UInt8] = []
    var ended = false
    let shellLine = ([executable] + arguments).map { "'\($0)'" }.joined(separator: " ") + (stdinFile.map { " < '\($0)'" } ?? "")
    let process = try UVProcess(
        loop: loop, options: .init(executable: "/bin/sh", arguments: ["-c", shellLine], environment: [], stdin: nil, stdout: output, stderr: nil)
    ) { status = $0 }
    output.onRead = { text += $0 }
    output.onEnd = { _ in ended = true }
    try output.startReading()
    loop.run(seconds: 30) { status != nil && ended }
    output.close()
    process.close()
    loop.close()
    guard let status else { throw NavClientError.timedOut("\(executable) to exit") }
    return (status, String(decoding: text, as: UTF8.self))
}

extension NavClient {
    /// The state version of the first `nav/didIdle` at or past `version`: earlier ones (a read
    /// settling) may still be queued.
    func nextDidIdle(reaching version: Int, timeout: Double = 10) throws -> Int {
        var idle = try nextNotification(DidIdleNotification.self, timeout: timeout)
        while idle.stateVersion < version { idle = try nextNotification(DidIdleNotification.self, timeout: timeout) }
        return idle.stateVersion
    }
}

/// A /proc file's text (NULs, as in `environ`, become newlines); "" when it cannot be read.
func procText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    while case let byte = fgetc(file), byte != EOF { bytes.append(byte == 0 ? 10 : UInt8(byte)) }
    return String(decoding: bytes, as: UTF8.self)
}
