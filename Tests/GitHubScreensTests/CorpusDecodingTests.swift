import Foundation
import GitHubModels
import GitHubScreens
import GitHubSnapshot
import NavProtocol
import Testing

/// Every user, repository and user-search body GitHub sent in the corpus (2012–2026) decodes,
/// and the decoded values are the body's own.
@Suite struct CorpusDecodingTests {
    private static let repositoryListKinds: Set<String> = ["user_repos", "org_repos", "my_repos"]

    @Test func decodesEveryUserBody() throws {
        let bodies = try GitHubCorpus.successfulBodies(ofKinds: ["user"])
        #expect(bodies.count >= 8)
        var types: Set<String> = []
        for (file, data, json) in bodies {
            let user = try Self.decodeBody(GitHubUser.self, from: data)
            let object = try #require(json as? [String: Any], "\(file)")
            try expectUser(user, matches: object, in: file)
            #expect(user.followers == object["followers"] as? Int, "\(file)")
            #expect(user.publicRepos == object["public_repos"] as? Int, "\(file)")
            #expect(user.name == object["name"] as? String, "\(file)")
            #expect(user.createdAt == object["created_at"] as? String, "\(file)")
            if let type = user.type?.rawValue { types.insert(type) }
            try GitHubCorpus.expectRoundTrip(user, in: file)
        }
        #expect(types.isSuperset(of: ["User", "Organization", "Bot"]), "the corpus has users, organisations and bots")
    }

    @Test func decodesEveryUserSearchBody() throws {
        let bodies = try GitHubCorpus.successfulBodies(ofKinds: ["search_users"])
        #expect(bodies.count >= 9)
        for (file, data, json) in bodies {
            let result = try Self.decodeBody(GitHubSearchResult<GitHubUser>.self, from: data)
            let object = try #require(json as? [String: Any], "\(file)")
            let items = try #require(object["items"] as? [[String: Any]], "\(file)")
            #expect(result.totalCount == object["total_count"] as? Int, "\(file)")
            #expect(result.incompleteResults == object["incomplete_results"] as? Bool, "\(file)")
            #expect(result.items.count == items.count, "\(file)")
            for (user, item) in zip(result.items, items) {
                try expectUser(user, matches: item, in: file)
            }
            try GitHubCorpus.expectRoundTrip(result, in: file)
        }
    }

    @Test func decodesEveryRepositoryAndRepositoryListBody() throws {
        var repositories: [(String, GitHubRepository, [String: Any])] = []
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: ["repo"]) {
            let object = try #require(json as? [String: Any], "\(file)")
            repositories.append((file, try Self.decodeBody(GitHubRepository.self, from: data), object))
        }
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: Self.repositoryListKinds) {
            let objects = try #require(json as? [[String: Any]], "\(file)")
            let decoded = try Self.decodeBody([GitHubRepository].self, from: data)
            #expect(decoded.count == objects.count, "\(file)")
            repositories += zip(decoded, objects).map { (file, $0, $1) }
        }
        #expect(repositories.count >= 100)

        for (file, repository, object) in repositories {
            let context = "\(file): \(repository.fullName)"
            #expect(repository.id == object["id"] as? Int, "\(context)")
            #expect(repository.name == object["name"] as? String, "\(context)")
            #expect(repository.fullName == object["full_name"] as? String, "\(context)")
            #expect(repository.owner.login == (object["owner"] as? [String: Any])?["login"] as? String, "\(context)")
            #expect(repository.description == object["description"] as? String, "\(context)")
            #expect(repository.language == object["language"] as? String, "\(context)")
            #expect(repository.fork == object["fork"] as? Bool, "\(context)")
            #expect(repository.license?.key == (object["license"] as? [String: Any])?["key"] as? String, "\(context)")
            #expect(repository.topics == (object["topics"] as? [String] ?? []), "\(context)")
            // Older bodies name the same counts differently; either way the value is the body's.
            #expect(repository.stargazersCount == (object["stargazers_count"] ?? object["watchers"]) as? Int, "\(context)")
            #expect(repository.watchersCount == (object["watchers_count"] ?? object["watchers"]) as? Int, "\(context)")
            #expect(repository.forksCount == (object["forks_count"] ?? object["forks"]) as? Int, "\(context)")
            #expect(repository.openIssuesCount == (object["open_issues_count"] ?? object["open_issues"]) as? Int, "\(context)")
            #expect(repository.defaultBranch == (object["default_branch"] ?? object["master_branch"]) as? String, "\(context)")
            #expect(repository.pushedAt == object["pushed_at"] as? String, "\(context)")
            try GitHubCorpus.expectRoundTrip(repository, in: context)
        }

        #expect(
            repositories.contains { $0.1.description == nil && $0.2["description"] is NSNull },
            "a null description decodes as nil")
        #expect(repositories.contains { $0.2["stargazers_count"] == nil }, "some bodies predate stargazers_count")
        #expect(
            repositories.contains { $0.2["default_branch"] == nil && $0.2["master_branch"] != nil },
            "some use master_branch")
        #expect(repositories.contains { $0.1.owner.isOrganization }, "some repositories belong to organisations")
    }

    // MARK: - Helpers

    /// A body decoded as the live source decodes it (`GitHubAPIClient`).
    private static func decodeBody<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try JSONValueDecoder().decode(type, from: JSONValue(parsing: [UInt8](data)))
    }

    private func expectUser(_ user: GitHubUser, matches object: [String: Any], in file: String) throws {
        let login = try #require(object["login"] as? String, "\(file)")
        #expect(user.login == login, "\(file)")
        #expect(user.id == object["id"] as? Int, "\(file): \(login)")
        #expect(user.type?.rawValue == object["type"] as? String, "\(file): \(login)")
        #expect(user.siteAdmin == object["site_admin"] as? Bool, "\(file): \(login)")
        #expect(user.avatarURL == object["avatar_url"] as? String, "\(file): \(login)")
        #expect(user.htmlURL == object["html_url"] as? String, "\(file): \(login)")
    }
}
