import ArgumentParser
import GitHubScreens
import NavProtocol
import WorkerLaunch

/// `screen-worker kinds`: the built-in screens' descriptors as one line of JSON, an array in kind
/// order. navhost reads it once at start-up to learn its built-in kinds (docs/architecture.md,
/// "Registry of kinds"), so the host itself holds no screen's code.
struct PrintKinds: ParsableCommand {
    static let name = "kinds"
    static let configuration = CommandConfiguration(commandName: name, abstract: "Print the built-in screens' descriptors as JSON.")

    func run() throws {
        print(Self.descriptorsLine())
    }

    /// The line `kinds` prints. navhost runs `screen-worker kinds` before it can answer a
    /// client's `initialize`, so `WorkerEntry` prints it without ArgumentParser when the command
    /// line is that word alone.
    static func descriptorsLine() -> String {
        ScreenDescriptor.jsonLine(GitHubScreens.descriptors)
    }
}

/// `screen-worker exec`: how navhost starts an external screen worker (a command a screens.json
/// names). It applies what a built-in worker applies to itself (the resource limits, death with
/// the host) and then replaces itself with the command, which keeps the pid, the pipes and the
/// environment navhost gave it. navhost's spawn (`posix_spawn`) runs nothing of ours before the
/// exec, so this is where limits for the child alone can be set.
struct ExecWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec", abstract: "Apply the worker limits, then run an external screen worker (navhost starts external kinds so).")

    @Option(name: .customLong(WorkerFlag.hostPid), help: "The host's pid: the command is killed (SIGKILL) when that process ends.")
    var hostPid: Int32?

    @OptionGroup var limits: ResourceLimitOptions

    @Argument(parsing: .postTerminator, help: "The command and its arguments, after '--'.")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty { throw ValidationError("no command to run: give it after '--'") }
    }

    /// What the command line says: what navhost's command line is read into without ArgumentParser.
    var invocation: WorkerInvocation { .exec(hostPid: hostPid, limits: limits.limits, command: command) }

    func run() throws {
        throw ExitCode(WorkerEntry.run(invocation))
    }
}
