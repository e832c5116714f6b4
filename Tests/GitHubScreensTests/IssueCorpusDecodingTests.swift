import Foundation
import GitHubModels
import NavProtocol
import Testing

/// Every issue, pull request, comment, README, repository search and stars body GitHub sent in
/// the corpus (2012-2026) decodes, with the body's own values.
@Suite struct IssueCorpusDecodingTests {
    @Test func decodesEveryIssueAndIssueListBody() throws {
        var issues: [(String, GitHubIssue, [String: Any])] = []
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: ["issue"]) {
            issues.append((file, try JSONValueDecoder().decode(GitHubIssue.self, from: JSONValue(parsing: [UInt8](data))), try #require(json as? [String: Any])))
        }
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: ["repo_issues"]) {
            let objects = try #require(json as? [[String: Any]], "\(file)")
            issues += zip(try JSONValueDecoder().decode([GitHubIssue].self, from: JSONValue(parsing: [UInt8](data))), objects).map { (file, $0, $1) }
        }
        #expect(issues.count >= 30)
        for (file, issue, object) in issues {
            let context = "\(file): #\(issue.number)"
            #expect(issue.number == object["number"] as? Int, "\(context)")
            #expect(issue.title == object["title"] as? String, "\(context)")
            #expect(issue.state.rawValue == object["state"] as? String, "\(context)")
            #expect(issue.stateReason?.rawValue == object["state_reason"] as? String, "\(context)")
            #expect(issue.user.login == (object["user"] as? [String: Any])?["login"] as? String, "\(context)")
            #expect(issue.labels.map(\.name) == (object["labels"] as? [[String: Any]] ?? []).map { $0["name"] as? String }, "\(context)")
            #expect(issue.comments == object["comments"] as? Int, "\(context)")
            #expect(issue.body == object["body"] as? String, "\(context)")
            // 2012-2013 bodies carry the marker on every issue, with null URLs on a plain issue.
            #expect(issue.isPullRequest == (((object["pull_request"] as? [String: Any])?["html_url"] as? String) != nil), "\(context)")
            let assignees = (object["assignees"] as? [[String: Any]]) ?? (object["assignee"] as? [String: Any]).map { [$0] } ?? []
            #expect(issue.assignees.map(\.login) == assignees.map { $0["login"] as? String }, "\(context)")
            try GitHubCorpus.expectRoundTrip(issue, in: context)
        }
        #expect(issues.contains { $0.1.isPullRequest } && issues.contains { !$0.1.isPullRequest }, "issue lists hold pull requests")
        #expect(issues.contains { $0.1.stateReason == .completed }, "a closed issue says why")
        #expect(issues.contains { $0.1.body == nil }, "a null body decodes as nil")
    }

    @Test func decodesEveryPullRequestAndPullRequestListBody() throws {
        var pulls: [(String, GitHubPullRequest, [String: Any])] = []
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: ["pull"]) {
            pulls.append((file, try JSONValueDecoder().decode(GitHubPullRequest.self, from: JSONValue(parsing: [UInt8](data))), try #require(json as? [String: Any])))
        }
        let singles = pulls.count
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: ["repo_pulls"]) {
            let objects = try #require(json as? [[String: Any]], "\(file)")
            pulls += zip(try JSONValueDecoder().decode([GitHubPullRequest].self, from: JSONValue(parsing: [UInt8](data))), objects).map { (file, $0, $1) }
        }
        #expect(singles >= 4 && pulls.count > singles)
        for (file, pull, object) in pulls {
            let context = "\(file): #\(pull.number)"
            let base = try #require(object["base"] as? [String: Any], "\(context)")
            let head = try #require(object["head"] as? [String: Any], "\(context)")
            #expect(pull.title == object["title"] as? String, "\(context)")
            #expect(pull.base.ref == base["ref"] as? String && pull.head.label == head["label"] as? String, "\(context)")
            #expect(pull.head.repositoryFullName == (head["repo"] as? [String: Any])?["full_name"] as? String, "\(context)")
            #expect(pull.draft == (object["draft"] as? Bool ?? false), "\(context)")
            #expect(pull.merged == object["merged"] as? Bool, "\(context)")
            #expect(pull.mergeable == object["mergeable"] as? Bool, "\(context)")
            #expect(pull.additions == object["additions"] as? Int, "\(context)")
            #expect(pull.deletions == object["deletions"] as? Int, "\(context)")
            #expect(pull.changedFiles == object["changed_files"] as? Int, "\(context)")
            #expect(pull.commits == object["commits"] as? Int, "\(context)")
            #expect(pull.isMerged == (object["merged_at"] is String), "\(context)")
            try GitHubCorpus.expectRoundTrip(pull, in: context)
        }
        #expect(pulls.contains { $0.1.head.repositoryFullName == nil }, "a deleted fork's head has no repository")
    }

    @Test func decodesEveryCommentListBody() throws {
        var count = 0
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: ["issue_comments"]) {
            let objects = try #require(json as? [[String: Any]], "\(file)")
            let comments = try JSONValueDecoder().decode([GitHubComment].self, from: JSONValue(parsing: [UInt8](data)))
            #expect(comments.map(\.body) == objects.map { $0["body"] as? String }, "\(file)")
            #expect(comments.map(\.user.login) == objects.map { ($0["user"] as? [String: Any])?["login"] as? String }, "\(file)")
            #expect(comments.map(\.createdAt) == objects.map { $0["created_at"] as? String }, "\(file)")
            for comment in comments { try GitHubCorpus.expectRoundTrip(comment, in: file) }
            count += comments.count
        }
        #expect(count >= 9)
    }

    @Test func decodesEveryReadmeToItsRecordedSize() throws {
        let bodies = try GitHubCorpus.successfulBodies(ofKinds: ["readme"])
        #expect(bodies.count >= 4)
        for (file, data, _) in bodies {
            let readme = try JSONValueDecoder().decode(GitHubReadme.self, from: JSONValue(parsing: [UInt8](data)))
            let text = try #require(readme.text, "\(file) decodes")
            #expect(text.utf8.count == readme.size, "\(file): the decoded file has the recorded size")
            #expect(readme.content.contains("\n"), "\(file): GitHub breaks its base64 into lines")
            try GitHubCorpus.expectRoundTrip(readme, in: file)
        }
    }

    @Test func aReadmeMadeFromTextDecodesToIt() {
        let text = "# Chronic\n\nA natural language date parser: `Chronic.parse('tomorrow')`. ✓\n" + String(repeating: "more text ", count: 20)
        let readme = GitHubReadme(name: "README.md", text: text, htmlURL: nil)
        #expect(readme.text == text)
        #expect(readme.size == text.utf8.count)
        #expect(readme.content.split(separator: "\n").allSatisfy { $0.count <= 64 })
        #expect(readme.isMarkdown)
    }

    @Test func decodesEveryRepositorySearchAndStarredBody() throws {
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: ["search_repos"]) {
            let result = try JSONValueDecoder().decode(GitHubSearchResult<GitHubRepository>.self, from: JSONValue(parsing: [UInt8](data)))
            let object = try #require(json as? [String: Any], "\(file)")
            #expect(result.totalCount == object["total_count"] as? Int, "\(file)")
            #expect(result.items.map(\.fullName) == (object["items"] as? [[String: Any]] ?? []).map { $0["full_name"] as? String }, "\(file)")
        }
        for (file, data, json) in try GitHubCorpus.successfulBodies(ofKinds: ["user_starred"]) {
            let objects = try #require(json as? [[String: Any]], "\(file)")
            let repositories = try JSONValueDecoder().decode([GitHubRepository].self, from: JSONValue(parsing: [UInt8](data)))
            #expect(repositories.map(\.fullName) == objects.map { $0["full_name"] as? String }, "\(file)")
        }
    }

    @Test func searchTotalsKnowGitHubsCap() {
        let capped = GitHubSearchTotal(totalCount: 6_038, incompleteResults: false)
        #expect(capped.isCapped && capped.listable == 1_000)
        let small = GitHubSearchTotal(totalCount: 2, incompleteResults: false)
        #expect(!small.isCapped && small.listable == 2)
    }
}
