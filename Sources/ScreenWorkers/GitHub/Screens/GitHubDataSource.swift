import ListController

/// Where the GitHub screens get their data: the bundled snapshot today, the live API later.
public protocol GitHubDataSource {
    /// Users whose login or name contains `query`, best matches first; most-followed when empty.
    func searchUsers(matching query: String, limit: Int) throws -> [GitHubUser]
    func user(login: String) throws -> GitHubUser?
    /// The account's repositories, most starred first.
    func repositories(owner login: String) throws -> [GitHubRepository]
    func repository(owner login: String, name: String) throws -> GitHubRepository?
}

extension GitHubDataSource {
    /// Runs a data access, reporting any failure other than a `ScreenError` as the data being
    /// unavailable, so the client sees a message rather than a database error type.
    func fetching<T>(_ access: (Self) throws -> T) throws -> T {
        do {
            return try access(self)
        } catch let error as ScreenError {
            throw error
        } catch {
            throw ScreenError.dataUnavailable("GitHub data is unavailable: \(error)")
        }
    }
}
