import ArgumentParser
import Glibc
import HostOptions
import NavClient
import NavProtocol

/// `navhost perform PATH ACTION`: performs an action on rows of the screen at a deep link (or
/// on its own item) from a shell script, and prints the result; the exit status says whether it
/// was done. A destructive action asks on a terminal, No by default; without one, only --yes
/// confirms it.
struct Perform: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Perform an action (star, comment, close, …) on rows of the screen at a deep link, or on its own item; exit 0 only if done.",
        discussion: """
            The actions a row offers are listed by navhost show PATH --actions. Input values are typed as the action's \
            fields say (numbers, true/false). A destructive action (close, merge) asks for a confirmation on a terminal, \
            No by default; without a terminal it is refused unless --yes is given. Exit 1: not done (refused, failed, \
            declined, input missing), with the reason on stderr.
            """)

    @Argument(help: "The deep link of the screen, e.g. users/mojombo/repositories/chronic/issues/1.")
    var path: String

    @Argument(help: "The action's id, e.g. star, comment, close.")
    var action: String

    @Option(name: .customLong("row"), help: "A row id to act on (repeat for several); none: the screen's own item.")
    var rows: [String] = []

    @Option(name: .customLong("input"), help: "An input value, NAME=VALUE (repeat for several), e.g. body='Thanks!'.")
    var inputs: [String] = []

    @Flag(help: "Confirm a destructive action without asking.")
    var yes = false

    @Flag(help: "Print screen/perform's result as JSON.")
    var json = false

    @Option(help: "Seconds each request may take.")
    var timeout: Double = 10

    @OptionGroup var options: HostOptions

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        for input in inputs where !input.contains("=") || input.hasPrefix("=") {
            throw ValidationError("--input takes NAME=VALUE, not '\(input)'")
        }
    }

    func run() throws {
        let done = try DeepLinkSession.run("perform", path: path, options: options, timeout: timeout) { session in
            try perform(session)
        }
        if !done { throw ExitCode(1) }
    }

    /// Performs the action, asking for a confirmation as needed; true when every target was done.
    private func perform(_ session: DeepLinkSession) throws -> Bool {
        let rowIds = rows.isEmpty ? nil : rows
        let request = PerformRequest(rowIds: rowIds, action: action, input: try typedInput(session, rowIds: rowIds))
        var declined = false
        let result = try session.client.perform(request, timeout: timeout) { asked in
            declined = !(yes || askOnTerminal(asked.message ?? "\(action)?"))
            return !declined
        }
        print(result)
        switch result.status {
        case .done:
            return (result.results ?? []).allSatisfy { $0.status == "done" }
        case .inputRequired:
            let fields = (result.fields ?? []).map(ActionText.field).joined(separator: ", ")
            FileOutput.standardError("navhost perform: not done: \(action) needs input: \(fields); give each with --input NAME=VALUE\n")
            return false
        case .confirm where declined:
            FileOutput.standardError("navhost perform: not done: \(action) is destructive (\(result.message ?? "")); confirm on a terminal or pass --yes\n")
            return false
        case .confirm:
            FileOutput.standardError("navhost perform: not done: \(action) asked to confirm again\n")
            return false
        }
    }

    /// The --input values, each typed as its field says (a number, true or false), else a string;
    /// the fields are asked for (`screen/actions`) only when there is an input to type.
    private func typedInput(_ session: DeepLinkSession, rowIds: [String]?) throws -> [String: JSONValue]? {
        guard !inputs.isEmpty else { return nil }
        let offered = try session.client.send(ActionsRequest(rowIds: rowIds), timeout: timeout).actions
        let fields = offered.first { $0.id == action }?.input ?? []
        var input: [String: JSONValue] = [:]
        for pair in inputs {
            let name = String(pair.prefix { $0 != "=" })
            let text = String(pair.dropFirst(name.count + 1))
            switch fields.first(where: { $0.name == name })?.type {
            case .number?: input[name] = Int(text).map(JSONValue.int) ?? Double(text).map(JSONValue.double) ?? .string(text)
            case .boolean?: input[name] = text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
            default: input[name] = .string(text)
            }
        }
        return input
    }

    /// Prints the result: as JSON with --json, else a line a target.
    private func print(_ result: PerformResult) {
        if json {
            StandardOutput.writeLine(((try? JSONValueEncoder().encode(result)) ?? .null).prettyPrinted())
            return
        }
        guard result.status == .done else { return }
        let targets = rows.isEmpty ? "the screen's own item" : rows.joined(separator: ", ")
        StandardOutput.writeLine("\(action) on \(targets): revision \(result.revision.map(String.init) ?? "?")")
        for target in result.results ?? [] {
            let extra = target.url ?? target.text ?? target.error?["message"]?.stringValue
            StandardOutput.writeLine("\(target.id)\t\(target.status)" + (extra.map { "\t\($0)" } ?? ""))
        }
    }

    /// Asks on the terminal (stdin, the question on stderr), No by default; false when stdin
    /// is not a terminal.
    private func askOnTerminal(_ question: String) -> Bool {
        guard isatty(0) == 1 else { return false }
        FileOutput.standardError("\(question) [y/N] ")
        guard let line = readLine() else { return false }
        let answer = line.lowercased().filter { !$0.isWhitespace }
        return answer == "y" || answer == "yes"
    }
}
