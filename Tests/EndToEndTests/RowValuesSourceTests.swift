import FakeGitHub
import Foundation
import NavClient
import Testing
import UVKit

/// The live source and the snapshot give rows' `values` the same shapes: the same keys, each
/// holding the same JSON type, for every kind of row.
@Suite struct RowValuesSourceTests {
    /// Each row's values as a shape: by row kind (and fact, for the repository screen's rows),
    /// the keys with the JSON type of each value.
    private func shapes(_ rows: [Row]) -> [String: Set<String>] {
        var shapes: [String: Set<String>] = [:]
        for row in rows {
            let group = row.id.hasPrefix("repo:") || row.id.hasPrefix("user:") ? row.kind : String(row.id.split(separator: ":")[0]) + ":" + row.kind
            guard case .object(let values)? = row.values else {
                shapes[group, default: []].insert("no values")
                continue
            }
            for (key, value) in values { shapes[group, default: []].insert("\(key): \(key == "starred" ? "boolean or null" : type(of: value))") }
        }
        return shapes
    }

    private func type(of value: JSONValue) -> String {
        switch value {
        case .null: return "string or null"  // a fact GitHub does not have
        case .string: return "string or null"
        case .int: return "integer"
        case .bool: return "boolean"
        case .array: return "array or null"
        default: return "other"
        }
    }

    private func readBrowse(_ host: HostUnderTest, login: String, owner: String, name: String) throws -> [Row] {
        let repositories = try host.client.send(PushRequest(kind: "repositories", params: ["login": .string(login)])).screen
        let repository = try host.client.send(PushRequest(kind: "repository", params: ["owner": .string(owner), "name": .string(name)])).screen
        return try [host.stack()[0].id, repositories.id, repository.id].flatMap { try host.rows($0, limit: 50).rows }
    }

    @Test func liveAndSnapshotRowsHaveValuesOfTheSameShape() throws {
        let snapshot = try HostUnderTest()
        _ = try snapshot.initialize()
        let fromSnapshot = shapes(try readBrowse(snapshot, login: "mojombo", owner: "mojombo", name: "grit"))
        _ = try snapshot.shutdown()

        let github = try FakeGitHubFixture("values", rules: [FakeRule(path: "/search/users", times: 1, recording: "02_search-users-pygithub-berlin-p1.json")])
        let live = try github.host()
        _ = try live.initialize()
        let fromLive = shapes(try readBrowse(live, login: "kohsuke", owner: "sigmavirus24", name: "github3.py"))
        _ = try live.shutdown()

        let compared = Set(fromSnapshot.keys).intersection(fromLive.keys)
        #expect(compared.isSuperset(of: ["user", "repository", "about:property", "about:user", "stats:stat", "links:link"]), "\(compared)")
        for group in compared where group != "user" {
            #expect(fromLive[group] == fromSnapshot[group], "\(group)")
        }
        // A user search result carries no follower count: the live users' rows leave it out.
        #expect(fromLive["user"] == ["login: string or null"])
        #expect(fromSnapshot["user"] == ["login: string or null", "followers: integer"])
        #expect(fromSnapshot["repository"]?.contains("stars: integer") == true)
        // The stars row says whether the user starred the repository (null where the source cannot know).
        #expect(fromSnapshot["stats:stat"] == ["count: integer", "starred: boolean or null"])
        #expect(fromSnapshot["links:link"] == ["url: string or null"])
    }
}
