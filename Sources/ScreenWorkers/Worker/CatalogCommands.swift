import ArgumentParser
import GitHubScreens
import NavProtocol
import WorkerLaunch

/// `screen-worker kinds`: the built-in screens' descriptors as one line of JSON, an array in kind
/// order, for a person or a script; navhost asks its first worker for the same list over the
/// worker protocol (`worker/kinds`; docs/architecture.md, "Registry of kinds").
struct PrintKinds: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "kinds", abstract: "Print the built-in screens' descriptors as JSON.")

    func run() throws {
        print(ScreenDescriptor.jsonLine(GitHubScreens.descriptors))
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

    @OptionGroup var everyWorker: EveryWorkerOptions

    @Argument(parsing: .postTerminator, help: "The command and its arguments, after '--'.")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty { throw ValidationError("no command to run: give it after '--'") }
        try settings.validate()
    }

    /// What the options say.
    var settings: WorkerSettings {
        var settings = WorkerSettings()
        everyWorker.apply(to: &settings)
        return settings
    }

    /// What the command line says: what navhost's command line is read into without ArgumentParser.
    var invocation: WorkerInvocation { .exec(settings, command: command) }

    func run() throws {
        throw ExitCode(WorkerEntry.run(invocation))
    }
}
