import GitHubModels
import ListController
import NavProtocol

/// The pushes between GitHub screens, with the params each screen reads.
enum GitHubNavigation {
    static let queryParam = "query"
    static let loginParam = "login"
    static let ownerParam = "owner"
    static let nameParam = "name"

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
}
