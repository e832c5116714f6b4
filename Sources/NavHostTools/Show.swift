import ArgumentParser
import HostOptions
import NavClient
import NavProtocol

/// `navhost show PATH`: opens a deep link on a host of its own and prints the screen it leads
/// to, every row of every section, as JSON or as text; for shell scripts.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the screen at a deep link (users/LOGIN/repositories/NAME) as JSON or text, every row of every section.",
        discussion: """
            A bad path, or a user or repository that does not exist, exits 1 with navhost's error on stderr. \
            --json prints {screen, stack, revision, sections, rows}: the stack as nav/stack gives it (with each screen's restoration token), rows with their typed values.
            """)

    enum Format: String, EnumerableFlag {
        case json, text

        static func help(for value: Format) -> ArgumentHelp? {
            value == .json ? "Print the screen as JSON: every row of every section." : "Print the screen as text, as navhost demo does (the default)."
        }
    }

    @Argument(help: "The deep link: users, users/LOGIN, users/LOGIN/repositories or users/LOGIN/repositories/NAME.")
    var path: String

    @Option(help: "Type this into the screen's search before printing it.")
    var query: String?

    @Flag var format: Format = .text

    @Option(help: "Columns of the text output.")
    var width: Int = 78

    @Option(help: "Seconds each request may take.")
    var timeout: Double = 10

    @OptionGroup var options: HostOptions

    func validate() throws {
        guard width >= 20 else { throw ValidationError("--width must be at least 20") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() throws {
        let client = try NavClient(executable: BuildProducts.directory + "/navhost", arguments: ["serve"] + options.arguments)
        client.onStderr = { text in FileOutput.standardError(text) }
        defer { _ = try? client.shutdownAndExit(timeout: timeout) }
        let output: String
        do {
            output = try screenText(client)
        } catch let error as NavClientError {
            FileOutput.standardError("navhost show: \(error.rpcError?.message ?? error.description)\n")
            throw ExitCode(1)
        }
        StandardOutput.writeLine(output)
    }

    private func screenText(_ client: NavClient) throws -> String {
        try client.initialize(clientName: "navhost show", timeout: timeout)
        var stack = try client.open(path, timeout: timeout)
        if let query {
            _ = try client.send(QueryRequest(text: query), timeout: timeout)
        }
        try client.waitIdle(timeout: timeout)
        stack = try client.send(StackRequest(), timeout: timeout).stack
        guard let top = stack.last else { throw NavClientError.unexpectedReply("an empty stack") }
        let screen = try ScreenWindows.readWhole(client, top, timeout: timeout)
        switch format {
        case .text:
            return ScreenText.render(screen, depth: stack.count, width: width)
        case .json:
            return JSONValue.object(ScreenJSON.object(screen, stack: stack)).prettyPrinted()
        }
    }
}
