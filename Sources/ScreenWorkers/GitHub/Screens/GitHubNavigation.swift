import GitHubModels
import ListController
import NavProtocol

/// The pushes between GitHub screens, with the params each screen reads.
enum GitHubNavigation {
    static let queryParam = "query"
    static let loginParam = "login"
    static let ownerParam = "owner"
    static let nameParam = "name"
    static let numberParam = "number"
    static let stateParam = "state"

    /// The params of a repository's screens, in their descriptors.
    static let repositoryParams: [String: ParamSpec] = [
        ownerParam: ParamSpec(.string, required: true, description: "the owner's login"),
        nameParam: ParamSpec(.string, required: true, description: "the repository's name"),
    ]
    static let listParams = repositoryParams.merging([
        stateParam: ParamSpec(.string, description: "open (the default), closed or all")
    ]) { $1 }
    static let itemParams = repositoryParams.merging([
        numberParam: ParamSpec(.integer, required: true, description: "the issue's or pull request's number")
    ]) { $1 }

    static func repositories(of login: String) -> SelectionAction {
        .push(kind: RepositoriesScreen.kind, params: [loginParam: .string(login)])
    }

    static func followers(of login: String) -> SelectionAction {
        .push(kind: FollowersScreen.descriptor.kind, params: [loginParam: .string(login)])
    }

    static func repository(_ repository: GitHubRepository) -> SelectionAction {
        .push(
            kind: RepositoryScreen.kind,
            params: [ownerParam: .string(repository.owner.login), nameParam: .string(repository.name)])
    }

    /// A screen of `owner/name` (its issues, pull requests, README), with more params.
    static func repositoryScreen(_ kind: ScreenKind, owner: String, name: String, _ more: [String: JSONValue] = [:]) -> SelectionAction {
        .push(kind: kind, params: .object([ownerParam: .string(owner), nameParam: .string(name)].merging(more) { $1 }))
    }

    static func starred(by login: String) -> SelectionAction {
        .push(kind: StarredScreen.descriptor.kind, params: [loginParam: .string(login)])
    }
}
