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

    @Flag(help: "List each row's actions: under it in the text, as an actions array of each row in the JSON.")
    var actions = false

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
        let output = try DeepLinkSession.run("show", path: path, query: query, tokens: true, options: options, timeout: timeout) { session in
            let (screen, stack) = (session.screen, session.stack)
            let offered = actions
                ? try ScreenActions.read(session.client, screen: screen.screen.id, rowIds: screen.rows.map(\.id), timeout: timeout) : nil
            switch format {
            case .text:
                guard let offered else { return ScreenText.render(screen, depth: stack.count, width: width) }
                return ScreenActions.text(screen, actions: offered, depth: stack.count, width: width)
            case .json:
                return JSONValue.object(ScreenJSON.object(screen, stack: stack, actions: offered)).prettyPrinted()
            }
        }
        StandardOutput.writeLine(output)
    }
}
