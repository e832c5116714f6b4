import GitHubModels

/// One account and its repositories, as the generator writes them. `user.publicRepos` always
/// equals `repositories.count`.
struct SnapshotAccount {
    var user: GitHubUser
    var repositories: [GitHubRepository]
}
