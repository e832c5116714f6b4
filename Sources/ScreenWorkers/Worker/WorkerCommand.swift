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

    @OptionGroup var everyWorker: EveryWorkerOptions
    @OptionGroup var builtIn: BuiltInWorkerOptions

    /// What the command line says: the settings navhost's command line is read into without
    /// ArgumentParser (`WorkerEntry.main`).
    var settings: WorkerSettings {
        var settings = WorkerSettings()
        everyWorker.apply(to: &settings)
        builtIn.apply(to: &settings)
        return settings
    }

    func validate() throws {
        try settings.validate()
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
