import Glibc
import NavClient
import NavProtocol
import Testing

/// navhost's first worker (`FirstWorker`): started before navhost reads a message, it tells the
/// built-in kinds (`worker/kinds`), then serves the root screen.
@Suite struct FirstWorkerTests {
    @Test func theRootScreenOpensInTheWorkerStartedBeforeAnyMessage() throws {
        let host = try HostUnderTest()
        // Nothing sent yet, and a worker is there: the one that told the kinds.
        #expect(host.client.pump(seconds: 10) { host.workers().count == 1 })
        let first = try #require(host.workers().first)
        try host.initialize()
        let audit = try host.client.request("host/processes")
        let rootPid = audit["screens"]?.arrayValue?.first?["pid"]?.intValue
        #expect(rootPid == Int(first), "the root screen opened in the first worker")
        #expect(host.workers() == [first], "no other worker started for the root (the warm spare is off)")
        #expect(try host.rows().rows.count > 0)
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    /// A worker answers `worker/kinds` with what `screen-worker kinds` prints, whether or not it
    /// serves a screen yet.
    @Test func aWorkerTellsItsKindsWithOrWithoutAScreen() throws {
        let printed = try runCommand(Binaries.directory + "/screen-worker", ["kinds"])
        let expected = try JSONValue(parsing: printed.output)
        #expect(expected.arrayValue?.compactMap { $0["kind"]?.stringValue } == ["followers", "following", "issue", "issues", "pull", "pulls", "readme", "repositories", "repository", "repository-search", "starred", "users"])
        let worker = try NavClient(executable: BuildProducts.path(of: "screen-worker"))
        #expect(try worker.request(WorkerKindsRequest.method) == expected)
        _ = try worker.request(WorkerOpenRequest.method, ["screen": "s1", "kind": "users", "params": [:]])
        #expect(try worker.request(WorkerKindsRequest.method) == expected)
        worker.closeInput()
        #expect(try worker.waitForExit().exitCode == 0)
    }

    /// A worker binary that cannot tell the kinds (it exits, never answers, or answers something
    /// else) stops navhost's start with why, within the request timeout, and is ended.
    @Test(arguments: [
        ("exit", "exit 3", "exited with code 3 before answering"),
        ("silent", "exec sleep 60", "did not answer worker/kinds in time"),
        // Its input closed: navhost's shutdown (or its request, if the shell was quicker) goes to
        // a pipe nobody reads, and navhost, which ignores SIGPIPE, carries on to say why.
        ("input closed", "exec 0<&-; exec sleep 60", "did not answer worker/kinds in time"),
        ("wrong answer", #"read line; id=$(echo "$line" | sed 's/.*"id":\([0-9]*\).*/\1/'); echo "{\"jsonrpc\":\"2.0\",\"id\":$id,\"result\":{\"kinds\":5}}"; exec sleep 60"#, "its answer to worker/kinds is not a list of screen descriptors"),
    ])
    func aWorkerThatCannotTellTheKindsStopsTheStart(_ name: String, _ body: String, _ reason: String) throws {
        let directory = try WorkerDirectory(workerScript: body)
        defer { directory.remove() }
        let started = try runCommand(
            "/bin/sh", ["-c", "\"$0\" \"$@\" 2>&1", directory.navhost, "--request-timeout", "0.5", "--stop-grace", "0.2"])
        #expect(started.status.exitCode == 64, "\(name): \(started.output)")
        #expect(started.output.contains("cannot read the built-in screen kinds from \(directory.path)/screen-worker"), "\(name): \(started.output)")
        #expect(started.output.contains(reason), "\(name): \(started.output)")
        // navhost started it twice (the quick reading, then ArgumentParser's, which explains).
        let pids = directory.workerPids()
        #expect(!pids.isEmpty)
        for pid in pids { #expect(!ProcessTable.isAlive(pid), "\(name): worker \(pid) outlived navhost's start") }
    }
}

/// A directory holding navhost (a hard link, or a copy) beside a `screen-worker` shell script:
/// navhost runs the worker binary beside its own executable.
private struct WorkerDirectory {
    let path: String
    var navhost: String { path + "/navhost" }

    init(workerScript body: String) throws {
        var template = Array("/tmp/navshell-first-worker.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw SetupError("mkdtemp failed") }
        path = String(cString: made)
        if link(Binaries.navhost, navhost) != 0 {
            #expect(try runCommand("/bin/cp", [Binaries.navhost, navhost]).status.exitCode == 0)
        }
        // Each start notes its pid, so the test can check that none outlived navhost.
        let script = "#!/bin/sh\necho $$ >> '\(path)/pids'\n\(body)\n"
        let worker = path + "/screen-worker"
        guard let file = fopen(worker, "w") else { throw SetupError("cannot write \(worker)") }
        fputs(script, file)
        fclose(file)
        chmod(worker, 0o755)
    }

    func workerPids() -> [Int32] {
        procText(path + "/pids").split(separator: "\n").compactMap { Int32($0) }
    }

    func remove() {
        _ = try? runCommand("/bin/rm", ["-rf", path])
    }
}

private struct SetupError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
