import NavClient
import Testing

/// The one `show --json` object (`ScreenJSON`): `navhost show` prints it, `navhost mcp` answers it.
@Suite struct ScreenJSONTests {
    @Test func theObjectIsThePlaceTheStackWithTokensAndTheRows() {
        let root = Screen(id: "s1", kind: "users", title: "Users", params: .object([:]), token: RestorationToken(query: "mo"))
        let top = Screen(id: "s2", kind: "repositories", title: "mojombo's repositories", params: ["login": "mojombo"], token: RestorationToken(query: ""))
        let row = Row(id: "repo:mojombo/grit", kind: "repository", title: "grit", section: "repositories", values: ["stars": 1951])
        let snapshot = ScreenSnapshot(screen: top, revision: 3, sections: [SectionInfo(id: "repositories", count: 1)], rows: [row])
        #expect(JSONValue.object(ScreenJSON.object(snapshot, stack: [root, top])) == [
            "screen": ["id": "s2", "kind": "repositories", "title": "mojombo's repositories", "params": ["login": "mojombo"]],
            "stack": [
                ["id": "s1", "kind": "users", "title": "Users", "params": .object([:]), "token": ["query": "mo"]],
                ["id": "s2", "kind": "repositories", "title": "mojombo's repositories", "params": ["login": "mojombo"], "token": ["query": ""]],
            ],
            "revision": 3,
            "sections": [["id": "repositories", "count": 1]],
            "rows": [["id": "repo:mojombo/grit", "kind": "repository", "title": "grit", "section": "repositories", "values": ["stars": 1951]]],
        ])
    }

    @Test func navhostShowPrintsThatObject() throws {
        let run = try runCommand(Binaries.navhost, ["show", "users/mojombo/repositories", "--query", "gr", "--json"])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let shown = try JSONValue(parsing: run.output)
        let stack = try #require(shown["stack"]?.arrayValue)
        #expect(stack.map { $0["token"]?["query"] } == [.string("mojombo"), .string("gr")])
        let top = try JSONValueDecoder().decode(Screen.self, from: stack[1])
        let rows = try JSONValueDecoder().decode([Row].self, from: shown["rows"] ?? .array([]))
        let sections = try JSONValueDecoder().decode([SectionInfo].self, from: shown["sections"] ?? .array([]))
        let snapshot = ScreenSnapshot(screen: top, revision: shown["revision"]?.intValue ?? 0, sections: sections, rows: rows)
        let screens = try stack.map { try JSONValueDecoder().decode(Screen.self, from: $0) }
        #expect(shown == .object(ScreenJSON.object(snapshot, stack: screens)))
        #expect(rows.map(\.id) == ["repo:mojombo/grit"])
    }
}
