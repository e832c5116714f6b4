import GitHubModels
import NavProtocol

/// The typed `values` of each row kind, built from the same models as the display strings, so
/// the snapshot and the live source give the same shapes (documented in docs/protocol.md,
/// section 12). A fact GitHub does not have is `null`, so every row of a kind has the same keys;
/// only a user's `followers`, which a search result does not carry, is left out when unknown.
enum RowValues {
    /// `{login, followers?}`.
    static func account(_ user: GitHubUser) -> JSONValue {
        var values: [String: JSONValue] = ["login": .string(user.login)]
        if let followers = user.followers { values["followers"] = .int(followers) }
        return .object(values)
    }

    /// `{owner, name, stars, forks, language, fork, updatedAt, starred}`, and `local: true` for a
    /// repository the local state changed.
    static func repository(_ repository: GitHubRepository) -> JSONValue {
        let values: [String: JSONValue] = [
            "owner": .string(repository.owner.login), "name": .string(repository.name),
            "stars": .int(repository.stargazersCount), "forks": .int(repository.forksCount),
            "language": optional(repository.language.nonBlank), "fork": .bool(repository.fork),
            "updatedAt": .string(repository.updatedAt), "starred": starred(repository),
        ]
        return .object(values.merging(local(repository.hasLocalChanges)) { value, _ in value })
    }

    /// Whether the session's user starred the repository; `null` when the source does not know.
    static func starred(_ repository: GitHubRepository) -> JSONValue {
        repository.starred.map(JSONValue.bool) ?? .null
    }

    /// `{count}`: a stat row's number.
    static func count(_ count: Int) -> JSONValue {
        ["count": .int(count)]
    }

    /// `{url}`: a link row's address.
    static func link(_ url: String) -> JSONValue {
        ["url": .string(url)]
    }

    /// `{value}`: a property row's fact (a string, the topics as an array), `null` when GitHub has none.
    static func property(_ value: JSONValue) -> JSONValue {
        ["value": value]
    }

    /// `{local: true}` for an item the snapshot's local state changed, else nothing.
    static func local(_ changed: Bool) -> [String: JSONValue] {
        changed ? ["local": .bool(true)] : [:]
    }

    static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}
