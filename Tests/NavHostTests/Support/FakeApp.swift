import NavProtocol

/// The fake workers' app: users, their repositories, a repository's details. Small and fixed,
/// so a test knows every row.
enum FakeApp {
    static let kinds: [ScreenKind] = ["users", "repositories", "repository"]
    static let logins = ["defunkt", "mojombo", "pjhyett", "wycats"]
    static let repositories = ["god", "grit", "jekyll"]

    static func title(_ kind: ScreenKind, _ params: JSONValue) -> String {
        switch kind {
        case "repositories": "\(params["login"]?.stringValue ?? "")'s repositories"
        case "repository": "\(params["owner"]?.stringValue ?? "")/\(params["name"]?.stringValue ?? "")"
        default: "Users"
        }
    }

    static func rows(_ kind: ScreenKind, _ params: JSONValue, query: String) -> [JSONValue] {
        switch kind {
        case "repositories":
            let login = params["login"]?.stringValue ?? ""
            return repositories.map { row("repo:\(login)/\($0)", kind: "repository", title: $0) }
        case "repository":
            return [row("detail:stars", kind: "detail", title: "Stars")]
        default:
            return logins.filter { query.isEmpty || $0.contains(query) }.map { row("user:\($0)", kind: "user", title: $0) }
        }
    }

    private static func row(_ id: String, kind: String, title: String) -> JSONValue {
        ["id": .string(id), "kind": .string(kind), "title": .string(title), "section": "main"]
    }

    /// What selecting a row pushes.
    static func push(for rowId: String) -> (kind: ScreenKind, params: JSONValue)? {
        if rowId.hasPrefix("user:") { return ("repositories", ["login": .string(String(rowId.dropFirst(5)))]) }
        if rowId.hasPrefix("repo:") {
            let parts = rowId.dropFirst(5).split(separator: "/").map(String.init)
            guard parts.count == 2 else { return nil }
            return ("repository", ["owner": .string(parts[0]), "name": .string(parts[1])])
        }
        return nil
    }

    /// `worker/resolvePath`: users/LOGIN/repositories/NAME, or a prefix of it.
    static func resolve(_ path: String) -> JSONValue? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.first == "users", parts.count <= 4 else { return nil }
        var screens: [JSONValue] = []
        if parts.count >= 3, parts[2] == "repositories" { screens.append(["kind": "repositories", "params": ["login": .string(parts[1])]]) }
        if parts.count == 4 { screens.append(["kind": "repository", "params": ["owner": .string(parts[1]), "name": .string(parts[3])]]) }
        return ["root": "users", "query": .string(parts.count > 1 ? parts[1] : ""), "screens": .array(screens)]
    }
}
