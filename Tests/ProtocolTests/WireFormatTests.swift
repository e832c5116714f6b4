import NavProtocol
import Testing

/// What navhost and its workers write, as golden JSON: compact, keys sorted by their UTF-8
/// bytes, nil fields left out. A message type's own writer (`JSONWritable`, on the paths that
/// write on every read or push) and its `Codable` form (every other path) both write exactly
/// these bytes, and the bytes decode back to the same value.
@Suite struct WireFormatTests {
    private func expectWire<T: JSONWritable & Codable & Equatable>(
        _ value: T, _ golden: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(String(decoding: value.jsonBytes, as: UTF8.self) == golden, sourceLocation: sourceLocation)
        #expect(try JSONValueEncoder().encode(value).serializedString == golden, sourceLocation: sourceLocation)
        #expect(try JSONValueDecoder().decode(T.self, from: JSONValue(parsing: golden)) == value, sourceLocation: sourceLocation)
    }

    static let user = Row(
        id: "user:mojombo", kind: "user", title: "mojombo", subtitle: "Tom Preston-Werner", detail: "San Francisco · 23,000 followers",
        accessory: .disclosure, section: "popular")
    static let userJSON =
        #"{"accessory":"disclosure","detail":"San Francisco · 23,000 followers","id":"user:mojombo","kind":"user","section":"popular","subtitle":"Tom Preston-Werner","title":"mojombo"}"#
    static let repository = Row(
        id: "repo:a/b", kind: "repository", title: "b", detail: "★ 3.2k",
        values: ["stars": 3238, "language": nil, "fork": false, "updatedAt": "2026-01-02T03:04:05Z", "topics": ["é", "x\"y"], "ratio": 0.5])
    static let repositoryJSON =
        #"{"detail":"★ 3.2k","id":"repo:a/b","kind":"repository","title":"b","values":{"fork":false,"language":null,"ratio":0.5,"stars":3238,"topics":["é","x\"y"],"updatedAt":"2026-01-02T03:04:05Z"}}"#
    static let popular = SectionInfo(id: "popular", header: "Popular", count: 250)
    static let popularJSON = #"{"count":250,"header":"Popular","id":"popular"}"#
    static let failed = SectionInfo(id: "s", header: nil, footer: "Could not load: 500", count: 0, hasMore: true, state: .failed, error: "500", stale: true)
    static let failedJSON = #"{"count":0,"error":"500","footer":"Could not load: 500","hasMore":true,"id":"s","stale":true,"state":"failed"}"#

    @Test func rowsAndSections() throws {
        try expectWire(Self.user, Self.userJSON)
        try expectWire(Self.repository, Self.repositoryJSON)
        // Control characters escaped, other characters as UTF-8.
        try expectWire(
            Row(id: "r", kind: "repository", title: "quote \" backslash \\ newline \n tab \t nul \u{0} é 😀"),
            #"{"id":"r","kind":"repository","title":"quote \" backslash \\ newline \n tab \t nul \u0000 é 😀"}"#)
        try expectWire(Self.popular, Self.popularJSON)
        try expectWire(Self.failed, Self.failedJSON)
    }

    @Test func readAnswers() throws {
        try expectWire(
            RowsRequest.Response(screen: "s1", revision: 12, sections: [Self.popular], rows: [Self.user]),
            #"{"revision":12,"rows":[\#(Self.userJSON)],"screen":"s1","sections":[\#(Self.popularJSON)]}"#)
        try expectWire(RowsRequest.Response(screen: "s1", revision: 0, sections: [], rows: []), #"{"revision":0,"rows":[],"screen":"s1","sections":[]}"#)
        try expectWire(
            ScreenState(screen: "s2", title: "mojombo's repositories", revision: 3, sections: [Self.failed], loading: true, rows: [Self.repository]),
            #"{"loading":true,"revision":3,"rows":[\#(Self.repositoryJSON)],"screen":"s2","sections":[\#(Self.failedJSON)],"title":"mojombo's repositories"}"#)
        try expectWire(ScreenState(revision: Int.max, sections: []), #"{"revision":9223372036854775807,"sections":[]}"#)
    }

    @Test func workerNotifications() throws {
        let changes = RowChanges(
            inserted: [RowPosition(id: "a", index: 0)], removed: [RowPosition(id: "b\"", index: 7)], moved: [RowMove(id: "c", from: 1, to: 2)],
            reconfigured: ["d", "é"])
        try expectWire(
            WorkerDidUpdateNotification(revision: 3, sections: [Self.popular], changes: changes, reset: true, loading: false),
            #"{"changes":{"inserted":[{"id":"a","index":0}],"moved":[{"from":1,"id":"c","to":2}],"reconfigured":["d","é"],"removed":[{"id":"b\"","index":7}]},"loading":false,"reset":true,"revision":3,"sections":[\#(Self.popularJSON)]}"#
        )
        try expectWire(WorkerDidUpdateNotification(revision: 0, sections: []), #"{"revision":0,"sections":[]}"#)
        let token = RestorationToken(query: "gr", selection: "repo:a/b", window: .init(section: "popular", offset: 50, limit: 25), revision: 9)
        try expectWire(
            WorkerDidChangeStateNotification(token: token),
            #"{"token":{"query":"gr","revision":9,"selection":"repo:a/b","window":{"limit":25,"offset":50,"section":"popular"}}}"#)
        try expectWire(
            WorkerDidChangeStateNotification(token: RestorationToken(query: "", window: .init(section: nil, offset: 0, limit: 1))),
            #"{"token":{"query":"","window":{"limit":1,"offset":0}}}"#)
    }

    static let root = Screen(id: "s1", kind: "users", title: "Users", params: [:], token: RestorationToken())
    static let rootJSON = #"{"id":"s1","kind":"users","params":{},"title":"Users","token":{"query":""}}"#
    static let top = Screen(id: "s2", kind: "repositories", title: "mojombo's \"repos\" é", params: ["login": "mojombo", "n": 3])
    static let topJSON = #"{"id":"s2","kind":"repositories","params":{"login":"mojombo","n":3},"title":"mojombo's \"repos\" é"}"#

    /// Every message that carries the stack: the answers that change it, the selection's, and `nav/didChange`.
    @Test func stackMessages() throws {
        let stack = [Self.root, Self.top]
        let stackJSON = "[\(Self.rootJSON),\(Self.topJSON)]"
        try expectWire(StackRequest.Response(stack: stack), #"{"stack":\#(stackJSON)}"#)
        try expectWire(StackRequest.Response(stack: []), #"{"stack":[]}"#)
        try expectWire(PushRequest.Response(screen: Self.top, stack: stack), #"{"screen":\#(Self.topJSON),"stack":\#(stackJSON)}"#)
        try expectWire(PopRequest.Response(popped: Self.top, stack: [Self.root]), #"{"popped":\#(Self.topJSON),"stack":[\#(Self.rootJSON)]}"#)
        try expectWire(PopToRootRequest.Response(popped: [Self.top], stack: [Self.root]), #"{"popped":[\#(Self.topJSON)],"stack":[\#(Self.rootJSON)]}"#)
        try expectWire(PopToRootRequest.Response(popped: [], stack: [Self.root]), #"{"popped":[],"stack":[\#(Self.rootJSON)]}"#)
        for reason in [StackChangeReason.initialize, .push, .pop, .popToRoot, .setStack] {
            try expectWire(DidChangeNotification(stack: [Self.root], reason: reason), #"{"reason":"\#(reason.rawValue)","stack":[\#(Self.rootJSON)]}"#)
        }
        try expectWire(
            SelectRequest.Response(screen: "s1", action: .push, pushed: Self.top, stack: stack, pushedRows: RowsRequest.Response(screen: "s2", revision: 1, sections: [], rows: [])),
            #"{"action":"push","pushed":\#(Self.topJSON),"pushedRows":{"revision":1,"rows":[],"screen":"s2","sections":[]},"screen":"s1","stack":\#(stackJSON)}"#)
        try expectWire(SelectRequest.Response(screen: "s2", action: .pop, stack: [Self.root]), #"{"action":"pop","screen":"s2","stack":[\#(Self.rootJSON)]}"#)
        try expectWire(
            SelectRequest.Response(screen: "s1", action: .openURL, url: "https://github.com/mojombo"),
            #"{"action":"openURL","screen":"s1","url":"https://github.com/mojombo"}"#)
        try expectWire(SelectRequest.Response(action: .none), #"{"action":"none"}"#)
    }

    /// What navhost sends a worker, and a worker navhost.
    @Test func workerRequests() throws {
        try expectWire(
            WorkerOpenRequest(screen: "s4", kind: "repositories", params: ["login": "mojombo"], token: RestorationToken(query: "gr", revision: 4), rows: 50),
            #"{"kind":"repositories","params":{"login":"mojombo"},"rows":50,"screen":"s4","token":{"query":"gr","revision":4}}"#)
        try expectWire(WorkerOpenRequest(screen: "s3", kind: "users", params: nil), #"{"kind":"users","screen":"s3"}"#)
        try expectWire(RowsRequest(screen: "s2", section: "popular", offset: 50, limit: 25, revision: 3), #"{"limit":25,"offset":50,"revision":3,"screen":"s2","section":"popular"}"#)
        try expectWire(RowsRequest(), "{}")
        try expectWire(HostPushRequest(kind: "repository", params: ["owner": "a", "name": "b"]), #"{"kind":"repository","params":{"name":"b","owner":"a"}}"#)
        try expectWire(HostPushRequest(kind: "users", params: nil), #"{"kind":"users"}"#)
        // What the worker reads back is what navhost wrote.
        let open = WorkerOpenRequest(screen: "s4", kind: "repositories", params: [:], token: RestorationToken(query: "gr", selection: "repo:a/b", revision: 4), rows: 1000)
        #expect(try WorkerOpenRequest.decode(params: JSONValue(parsing: open.jsonBytes)) == open)
    }

    @Test func initializeAnswer() throws {
        let descriptor = ScreenDescriptor(kind: "users", description: "GitHub users", params: ["query": ParamSpec(.string, description: "search")])
        try expectWire(
            InitializeRequest.Response(
                serverInfo: ServerInfo(name: "navhost", version: "0.1.0"),
                capabilities: Capabilities(screens: [descriptor], methods: ["nav/pop"], notifications: ["nav/didChange"], maxMessageBytes: 1024, actions: ActionCapabilities(writes: false)),
                stack: [Self.root]),
            #"{"capabilities":{"actions":{"writes":false},"maxMessageBytes":1024,"methods":["nav/pop"],"notifications":["nav/didChange"],"screenKinds":["users"],"screens":[{"description":"GitHub users","kind":"users","params":{"query":{"description":"search","type":"string"}}}]},"serverInfo":{"name":"navhost","version":"0.1.0"},"stack":[\#(Self.rootJSON)]}"#
        )
    }

    @Test func integersAreWrittenAsDecimalText() {
        for number in [0, 9, 10, -1, -10, 123_456_789, Int.max, Int.min] {
            var writer = JSONWriter()
            writer.int(number)
            #expect(writer.bytes == Array(String(number).utf8))
            #expect(JSONValue.int(number).serializedString == String(number))
        }
    }
}
