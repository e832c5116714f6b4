import FakeGitHub
import Foundation
import NavClient
import Testing
import UVKit

/// The live source and the snapshot give rows' `values` the same shapes: the same keys, each
/// holding the same JSON type, for every kind of row. `starred` is the one key whose type
/// depends on the source (whether it can know), so it is checked on its own.
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
            for (key, value) in values where key != "starred" { shapes[group, default: []].insert("\(key): \(type(of: value))") }
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
        let snapshotRows = try readBrowse(snapshot, login: "mojombo", owner: "mojombo", name: "grit")
        let fromSnapshot = shapes(snapshotRows)
        _ = try snapshot.shutdown()

        let github = try FakeGitHubFixture("values", rules: [FakeRule(path: "/search/users", times: 1, recording: "02_search-users-pygithub-berlin-p1.json")])
        let live = try github.host()
        _ = try live.initialize()
        let liveRows = try readBrowse(live, login: "kohsuke", owner: "sigmavirus24", name: "github3.py")
        let fromLive = shapes(liveRows)
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
        #expect(fromSnapshot["stats:stat"] == ["count: integer"])
        // Repository rows and the stars row say whether the user starred the repository: the
        // snapshot knows (from the local state), the live source without a token does not (null).
        func starred(_ rows: [Row]) -> [JSONValue] { rows.compactMap { $0.values?["starred"] } }
        #expect(!starred(snapshotRows).isEmpty && starred(snapshotRows).allSatisfy { $0.boolValue != nil })
        #expect(!starred(liveRows).isEmpty && starred(liveRows).allSatisfy(\.isNull))
        #expect(fromSnapshot["links:link"] == ["url: string or null"])
    }
}
