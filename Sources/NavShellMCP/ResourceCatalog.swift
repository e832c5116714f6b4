import MCP
import NavClient
import NavProtocol

/// `navshell://` resources: a deep link, or a screen of the tools' stack by id; both are read on
/// a session of their own (`ResourceReader`), so reading never changes the tools' stack.
enum ResourceCatalog {
    static let scheme = "navshell://"

    static let templates: [Resource.Template] = [
        .init(uriTemplate: "navshell://users/{login}/repositories", name: "repositories", title: "A user's repositories",
              description: "The repositories of a GitHub account, most starred first.", mimeType: "text/plain"),
        .init(uriTemplate: "navshell://users/{login}/repositories/{name}", name: "repository", title: "A repository",
              description: "One repository: its description, language, license, stars, forks and links.", mimeType: "text/plain"),
        .init(uriTemplate: "navshell://users/{login}", name: "user", title: "A user",
              description: "The same as navshell://users/{login}/repositories.", mimeType: "text/plain"),
        .init(uriTemplate: "navshell://stack/{screen}", name: "stack-screen", title: "A screen on the stack",
              description: "A screen of the tools' stack by its id (s1, s2, …), as it is now; reading it changes nothing.", mimeType: "text/plain"),
    ]

    /// Where a resource URI leads.
    enum Target: Equatable {
        /// A deep link, opened on the reading session.
        case path(String)
        /// A screen of the tools' stack, by id.
        case stackScreen(String)
    }

    static func target(_ uri: String) -> Target? {
        guard uri.hasPrefix(scheme) else { return nil }
        let rest = String(uri.dropFirst(scheme.count))
        if rest.hasPrefix("stack/") {
            let id = String(rest.dropFirst("stack/".count))
            return id.isEmpty || id.contains("/") ? nil : .stackScreen(id)
        }
        return rest.isEmpty ? nil : .path(rest)
    }

    /// The URI of a screen of the stack: its deep link when it has one that leads to the same
    /// screen, else its place on the stack.
    static func uri(of screen: Screen) -> String {
        let login = screen.params["login"]?.stringValue
        switch screen.kind.rawValue {
        case "users" where (screen.token?.query ?? "").isEmpty && screen.params["query"] == nil:
            return scheme + "users"
        case "repositories" where login != nil:
            return scheme + "users/\(login ?? "")/repositories"
        case "repository":
            if let owner = screen.params["owner"]?.stringValue, let name = screen.params["name"]?.stringValue {
                return scheme + "users/\(owner)/repositories/\(name)"
            }
        default:
            break
        }
        return scheme + "stack/\(screen.id)"
    }

    static func listing(_ stack: [Screen]) -> [Resource] {
        stack.enumerated().map { depth, screen in
            Resource(
                name: screen.title, uri: uri(of: screen), title: screen.title,
                description: "\(screen.kind.rawValue) screen \(screen.id), depth \(depth + 1) of \(stack.count) on the tools' stack",
                mimeType: "text/plain")
        }
    }

    /// A whole screen as the two contents of `resources/read`: the text `navhost show --text`
    /// prints, then the JSON `navhost show --json` prints.
    static func contents(uri: String, screen: ScreenSnapshot, stack: [Screen]) -> [Resource.Content] {
        var shown = screen
        shown.screen.token = nil
        let text = ScreenText.render(shown, depth: stack.firstIndex { $0.id == screen.screen.id }.map { $0 + 1 }, width: ScreenAnswer.textWidth)
        let json = JSONValue.object([
            "screen": ScreenAnswer.place(screen.screen),
            "stack": .array(stack.map(ScreenAnswer.place)),
            "revision": .int(screen.revision),
            "sections": .array(screen.sections.map { (try? JSONValueEncoder().encode($0)) ?? .null }),
            "rows": .array(screen.rows.map { (try? JSONValueEncoder().encode($0)) ?? .null }),
        ])
        return [
            .text(text, uri: uri, mimeType: "text/plain"),
            .text(String(decoding: json.serialized(), as: UTF8.self), uri: uri, mimeType: "application/json"),
        ]
    }
}
