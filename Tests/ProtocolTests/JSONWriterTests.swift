import Testing
import NavProtocol

/// The directly written answers must be the very bytes the `Codable` path prints.
@Suite struct JSONWriterTests {
    static let rows = [
        Row(id: "user:mojombo", kind: "user", title: "mojombo", subtitle: "Tom Preston-Werner", detail: "San Francisco · 23,000 followers", accessory: .disclosure, section: "popular"),
        Row(id: "r", kind: "repository", title: "quote \" backslash \\ newline \n tab \t nul \u{0} é 😀"),
        Row(id: "", kind: "", title: "", accessory: .link),
        Row(
            id: "repo:a/b", kind: "repository", title: "b", detail: "★ 3.2k",
            values: ["stars": 3238, "language": nil, "fork": false, "updatedAt": "2026-01-02T03:04:05Z", "topics": ["é", "x\"y"], "ratio": 0.5]),
        Row(id: "stats:stars", kind: "stat", title: "Stars", values: [:]),
    ]
    static let sections = [
        SectionInfo(id: "popular", header: "Popular", count: 250),
        SectionInfo(id: "s", header: nil, footer: "Could not load: 500", count: 0, hasMore: true, state: .failed, error: "500", stale: true),
        SectionInfo(id: "t", count: 3, hasMore: false, state: .loading, stale: false),
    ]

    private func codablePrinted<T: Encodable>(_ value: T) throws -> [UInt8] {
        try JSONValueEncoder().encode(value).serialized()
    }

    @Test func rowsMatchTheirCodableForm() throws {
        for row in Self.rows { #expect(row.jsonBytes == (try codablePrinted(row)), "\(row)") }
    }

    @Test func sectionsMatchTheirCodableForm() throws {
        for section in Self.sections { #expect(section.jsonBytes == (try codablePrinted(section)), "\(section)") }
    }

    @Test func rowsAnswerMatchesItsCodableForm() throws {
        for screen in ["s1", nil] {
            let answer = RowsRequest.Response(screen: screen, revision: 12, sections: Self.sections, rows: Self.rows)
            #expect(String(decoding: answer.jsonBytes, as: UTF8.self) == String(decoding: try codablePrinted(answer), as: UTF8.self))
        }
        let empty = RowsRequest.Response(screen: "s1", revision: 0, sections: [], rows: [])
        #expect(String(decoding: empty.jsonBytes, as: UTF8.self) == #"{"revision":0,"rows":[],"screen":"s1","sections":[]}"#)
    }

    @Test func screenStateMatchesItsCodableForm() throws {
        for state in [
            ScreenState(screen: "s2", title: "mojombo's repositories", revision: -3, sections: Self.sections, loading: true),
            ScreenState(revision: Int.max, sections: []),
            ScreenState(screen: nil, title: "t", revision: Int.min, sections: [Self.sections[0]], loading: false),
        ] {
            #expect(state.jsonBytes == (try codablePrinted(state)), "\(state)")
        }
    }

    @Test func writesNumbersLikeTheSerializer() {
        for number in [0, 9, 10, -1, -10, 123_456_789, Int.max, Int.min] {
            var writer = JSONWriter()
            writer.int(number)
            #expect(writer.bytes == Array(String(number).utf8))
            #expect(JSONValue.int(number).serializedString == String(number))
        }
    }

    @Test func updateNotificationsMatchTheirCodableForm() throws {
        let changes = RowChanges(
            inserted: [RowPosition(id: "a", index: 0)], removed: [RowPosition(id: "b\"", index: 7)],
            moved: [RowMove(id: "c", from: 1, to: 2)], reconfigured: ["d", "é"])
        for notification in [
            WorkerDidUpdateNotification(revision: 3, sections: Self.sections, changes: changes, reset: nil, loading: false),
            WorkerDidUpdateNotification(revision: 0, sections: [], changes: RowChanges(), reset: true, loading: nil),
        ] {
            #expect(notification.jsonBytes == (try codablePrinted(notification)), "\(notification)")
        }
        for token in [
            RestorationToken(),
            RestorationToken(query: "gr", selection: "repo:a/b", window: .init(section: "popular", offset: 50, limit: 25), revision: 9),
            RestorationToken(query: "", window: .init(section: nil, offset: 0, limit: 1)),
        ] {
            let notification = WorkerDidChangeStateNotification(token: token)
            #expect(notification.jsonBytes == (try codablePrinted(notification)), "\(token)")
        }
    }

    @Test func stackAnswerMatchesItsCodableForm() throws {
        let stack = [
            Screen(id: "s1", kind: "users", title: "Users", params: [:], token: RestorationToken()),
            Screen(id: "s2", kind: "repositories", title: "mojombo's \"repos\" é", params: ["login": "mojombo", "n": 3, "x": nil], token: RestorationToken(query: "gr", selection: "repo:a/b", revision: 4)),
            Screen(id: "s3", kind: "followers", title: "", params: nil),
        ]
        for answer in [StackRequest.Response(stack: stack), StackRequest.Response(stack: [])] {
            #expect(String(decoding: answer.jsonBytes, as: UTF8.self) == String(decoding: try codablePrinted(answer), as: UTF8.self))
        }
    }

    /// Every other message that carries the stack: the answers that change it, the selection's,
    /// and `nav/didChange`.
    @Test func stackChangesMatchTheirCodableForm() throws {
        let stack = [
            Screen(id: "s1", kind: "users", title: "Users", params: [:]),
            Screen(id: "s2", kind: "repositories", title: "mojombo's \"repos\" é", params: ["login": "mojombo", "n": 3, "x": nil]),
        ]
        let top = stack[1]
        func same<T: Encodable & JSONWritable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(String(decoding: value.jsonBytes, as: UTF8.self) == String(decoding: try codablePrinted(value), as: UTF8.self), sourceLocation: sourceLocation)
        }
        try same(PushRequest.Response(screen: top, stack: stack))
        try same(PopRequest.Response(popped: top, stack: [stack[0]]))
        try same(PopToRootRequest.Response(popped: [top], stack: [stack[0]]))
        try same(PopToRootRequest.Response(popped: [], stack: [stack[0]]))
        for reason in [StackChangeReason.initialize, .push, .pop, .popToRoot, .setStack] {
            try same(DidChangeNotification(stack: stack, reason: reason))
        }
        let rows = RowsRequest.Response(screen: "s2", revision: 1, sections: Self.sections, rows: Self.rows)
        try same(SelectRequest.Response(screen: "s1", action: .push, pushed: top, stack: stack, pushedRows: rows))
        try same(SelectRequest.Response(screen: "s1", action: .push, pushed: top, stack: stack))
        try same(SelectRequest.Response(screen: "s2", action: .pop, stack: [stack[0]]))
        try same(SelectRequest.Response(screen: "s1", action: .openURL, url: "https://github.com/mojombo"))
        try same(SelectRequest.Response(action: .none))
    }

    @Test func workerOpenMatchesItsCodableForm() throws {
        for request in [
            WorkerOpenRequest(screen: "s2", kind: "repositories", params: ["login": "mojombo", "x": nil]),
            WorkerOpenRequest(screen: "s3", kind: "users", params: nil, rows: 50),
            WorkerOpenRequest(screen: "s\"é", kind: "repository", params: .null, rows: 0),
            WorkerOpenRequest(screen: "s4", kind: "repositories", params: [:], token: RestorationToken(query: "gr", selection: "repo:a/b", revision: 4), rows: 1000),
        ] {
            #expect(String(decoding: request.jsonBytes, as: UTF8.self) == String(decoding: try codablePrinted(request), as: UTF8.self), "\(request)")
            // A null `params` reads back as none, which is what the worker does with it.
            var readBack = request
            if readBack.params == JSONValue.null { readBack.params = JSONValue?.none }
            #expect(try WorkerOpenRequest.decode(params: try JSONValue(parsing: request.jsonBytes)) == readBack)
        }
    }

    @Test func forwardedReadsAndPlainValuesMatchTheirCodableForm() throws {
        for request in [RowsRequest(), RowsRequest(section: "popular", offset: 50, limit: 25, revision: 3), RowsRequest(screen: "s2", limit: 1)] {
            #expect(request.jsonBytes == (try codablePrinted(request)), "\(request)")
        }
        let value: JSONValue = ["b": [1, "x"], "a": nil]
        #expect(value.jsonBytes == value.serialized())
    }
}
