import ProcessSupport
import ArgumentParser
import Glibc

/// The commands of the binaries beside navhost: listed in navhost's help, run there. `mcp`
/// runs navhost-mcp, which takes no subcommand; `changes` runs as a subcommand of screen-worker,
/// which reads the local state database; the rest run as subcommands of navhost-tools.
enum ClientTool {
    static let names = ["demo", "run", "replay", "show", "perform", "mcp", "changes"]

    /// Replaces this process with the binary of the command the first argument names, if any.
    static func handOver(_ arguments: [String]) {
        guard arguments.count > 1, names.contains(arguments[1]) else { return }
        let isMCP = arguments[1] == "mcp"
        let binary = isMCP ? "navhost-mcp" : arguments[1] == "changes" ? WorkerLauncher.snapshotWorker : "navhost-tools"
        let tools = ExecutableDirectory.path + "/" + binary
        var argv = ([tools] + arguments.dropFirst(isMCP ? 2 : 1)).map { strdup($0) } + [nil]
        execv(tools, &argv)
        let message = Array("navhost: cannot run \(tools): \(String(cString: strerror(errno)))\n".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(127)
    }

    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Browse users -> repositories -> detail and back, printing each screen.")
    }

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run flow files (YAML lists of steps) each against a fresh host; exit 1 if any fails.")
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the screen at a deep link (users/LOGIN/repositories/REPO), every row of every section, as text or JSON.")
    }

    struct Perform: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Perform an action (star, comment, close, …) on rows of the screen at a deep link; exit 0 only if done.")
    }

    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Replay a session recorded with --record against a fresh host; exit 1 if the host answers differently.")
    }

    struct Changes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the snapshot's local changes (the writes actions made; --json), or discard them (--discard); --state names the database.")
    }

    struct MCP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp", abstract: "Serve the screens to AI agents over MCP (stdio): tools to browse, navshell:// resources to read.")
    }
}
