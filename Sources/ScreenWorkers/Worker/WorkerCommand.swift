import ArgumentParser
import Glibc
import GitHubScreens
import GitHubSnapshot
import WorkerLaunch

struct WorkerCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: WorkerEntry.liveSource == nil ? "screen-worker" : "screen-worker-live",
            abstract: "One NavShell screen: spawned by navhost, JSON-RPC on stdin/stdout, log on stderr.",
            subcommands: [ServeScreen.self, GenerateSnapshot.self, PrintKinds.self, ExecWorker.self, LocalChangesCommand.self],
            defaultSubcommand: ServeScreen.self
        )
    }
}

struct ServeScreen: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve one screen to the host on stdin/stdout (the default).")

    @Option(name: .customLong(WorkerFlag.hostPid), help: "The host's pid: the worker ends when that process does.")
    var hostPid: Int32?

    @OptionGroup var dataSource: DataSourceOptions

    @Option(name: .customLong(WorkerFlag.logLevel), help: "Log level on stderr: debug, info, warning or error.")
    var logLevel: String = WorkerSettings().logLevel

    @Option(name: .customLong(WorkerFlag.debounceMs), help: "Milliseconds a query waits for the next keystroke before it loads (0: at once).")
    var debounceMs: UInt64 = 0

    @Flag(name: .customLong(WorkerFlag.enableDebugMethods), help: "Answer the debug/* fault-injection methods (navhost passes it on with its own flag).")
    var enableDebugMethods = false

    @Flag(name: .customLong(WorkerFlag.rehearse), help: "Rehearse a push while waiting for worker/open (navhost's warm spare): open the root screen and follow its first rows a few screens deep, over the snapshot only.")
    var rehearse = false

    @OptionGroup var limits: ResourceLimitOptions

    /// What the command line says: the settings navhost's command line is read into without
    /// ArgumentParser (`WorkerEntry.main`).
    var settings: WorkerSettings {
        var settings = WorkerSettings()
        settings.hostPid = hostPid
        settings.limits = limits.limits
        settings.logLevel = logLevel
        settings.dataSource = dataSource.settings
        settings.debounceMilliseconds = debounceMs
        settings.enablesDebugMethods = enableDebugMethods
        settings.rehearses = rehearse
        return settings
    }

    func run() throws {
        let code = WorkerEntry.run(.serve(settings))
        if code != 0 { throw ExitCode(code) }
    }
}

struct GenerateSnapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-snapshot", abstract: "Write a deterministic GitHub snapshot database (the embedded one uses the defaults).")

    @Option(help: "Where to write the database (replaced if it exists).")
    var out: String

    @Option(help: "How many users to generate.")
    var users: Int = SnapshotGenerator().userCount

    @Option(help: "The generator's seed.")
    var seed: UInt64 = SnapshotGenerator().seed

    @Option(help: "At most this many repositories per generated user (keeps a million-user snapshot small).")
    var maxRepositoriesPerUser: Int?

    @Option(help: "Give github/docs this many issues and pull requests (for measuring long lists).")
    var largeRepositoryIssues: Int?

    func run() throws {
        let started = ContinuousClock.now
        try SnapshotGenerator(
            seed: seed, userCount: users, maxRepositoriesPerUser: maxRepositoriesPerUser, largeRepositoryIssues: largeRepositoryIssues
        ).write(to: out)
        print("wrote \(out): \(users) users (seed \(seed)) in \(started.duration(to: .now))")
    }
}

/// Writes before the worker's log exists.
enum FileHandleStderr {
    static func write(_ text: String) {
        _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    }
}
