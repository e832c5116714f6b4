import HostOptions
import ArgumentParser
import NavClient
import Glibc
import NavProtocol

/// Drives a real navhost (started beside this binary, on pipes) through search -> repositories ->
/// detail -> back -> back, printing each screen as text: the README's first command.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Browse users -> repositories -> detail and back, printing each screen.")

    @OptionGroup var options: HostOptions

    @Option(help: "The user search to type.")
    var query: String = "mojombo"

    @Option(help: "Framing to speak to the host: newline or content-length.")
    var framing: String = "newline"

    func run() throws {
        let client = try NavClient(
            executable: BuildProducts.directory + "/navhost", arguments: ["serve"] + options.arguments,
            framing: framing == "content-length" ? .contentLength : .newlineDelimited)
        client.onStderr = { text in FileOutput.standardError(text) }
        let initialized = try client.initialize(clientName: "navhost demo")
        print("navhost \(initialized.serverInfo.version): \(initialized.stack.count) screen on the stack\n")
        try show(client, "The root screen before searching")

        try step("search \"\(query)\"") { _ = try client.send(QueryRequest(text: query)) }
        let users = try show(client, "Users matching \"\(query)\"")
        guard let user = users.rows.first(where: { $0.accessory == .disclosure }) else {
            throw ValidationError("no user matches '\(query)'; try another --query")
        }

        try step("select \(user.id)") { _ = try client.send(SelectRequest(rowId: user.id)) }
        let repositories = try show(client, "\(user.title)'s repositories")
        if let repository = repositories.rows.first(where: { $0.accessory == .disclosure }) {
            try step("select \(repository.id)") { _ = try client.send(SelectRequest(rowId: repository.id)) }
            try show(client, "Repository detail")
            try step("back") { _ = try client.send(PopRequest()) }
            try show(client, "Back on the repositories, unchanged")
        }
        try step("back") { _ = try client.send(PopRequest()) }
        try show(client, "Back on the search, query kept")

        print("navhost \(try client.shutdownAndExit())")
    }

    private func step(_ what: String, _ action: () throws -> Void) throws {
        print("» \(what)")
        try action()
    }

    @discardableResult
    private func show(_ client: NavClient, _ caption: String) throws -> ScreenSnapshot {
        let stack = try client.send(StackRequest()).stack
        let snapshot = try client.readScreen(limit: 12)
        print("\(caption) — stack: \(stack.map(\.title).joined(separator: " › "))")
        print(ScreenText.render(snapshot, depth: stack.count))
        print("")
        return snapshot
    }
}

enum FileOutput {
    static func standardError(_ text: String) {
        FileWriting.writeAll(Array(text.utf8), to: 2)
    }
}
