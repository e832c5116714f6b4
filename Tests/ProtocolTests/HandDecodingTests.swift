import Testing
@testable import NavProtocol

/// `RowsRequest.decode`, `WorkerOpenRequest.decode` and the push's messages (`SelectRequest`,
/// `WorkerSelectRequest`, `HostPushRequest`) take the usual shapes apart by hand; they must
/// agree with the `Decodable` path on every input, values and error messages alike.
@Suite struct HandDecodingTests {
    static let inputs: [JSONValue?] = [
        nil, [:], ["limit": 1], ["offset": 0, "limit": 50, "section": "popular", "revision": 3, "screen": "s2"],
        ["limit": nil, "screen": nil], ["limit": 1, "unknown": [1, 2]], ["limit": 2.0], ["limit": 2.5], ["limit": "1"],
        ["screen": 4], ["section": true], ["revision": [:]], ["offset": 1.5], [1, 2], "text", 3,
    ]

    private func outcome(_ decode: () throws(RPCError) -> RowsRequest) -> Result<RowsRequest, RPCError> {
        do throws(RPCError) { return .success(try decode()) } catch { return .failure(error) }
    }

    @Test(arguments: inputs)
    func agreesWithTheDecodablePath(_ params: JSONValue?) {
        let fast = outcome { () throws(RPCError) in try RowsRequest.decode(params: params) }
        let codable = outcome { () throws(RPCError) in try decodeParams(RowsRequest.self, from: params) }
        #expect(fast == codable, "params \(params?.serializedString ?? "absent")")
    }

    @Test func readsEveryField() throws {
        let request = try RowsRequest.decode(params: ["offset": 5, "limit": 7, "section": "x", "revision": 2, "screen": "s3"])
        #expect(request == RowsRequest(screen: "s3", section: "x", offset: 5, limit: 7, revision: 2))
    }

    static let openInputs: [JSONValue?] = [
        nil, [:], ["screen": "s2", "kind": "repositories", "params": ["login": "mojombo"]], ["screen": "s1", "kind": "users"],
        ["screen": "s1", "kind": "users", "params": nil], ["screen": "s1", "kind": "users", "token": nil, "extra": 1],
        ["screen": "s3", "kind": "repository", "params": ["owner": "a", "name": "b"], "token": ["query": "x", "revision": 4]],
        ["screen": "s1", "kind": "nonsense"], ["screen": 1, "kind": "users"], ["kind": "users"], ["screen": "s1"],
        ["screen": "s1", "kind": "users", "params": [1, 2]], ["screen": "s1", "kind": "users", "token": "x"], [1],
        ["screen": "s2", "kind": "repositories", "params": ["login": "a"], "rows": 50], ["screen": "s1", "kind": "users", "rows": nil],
        ["screen": "s1", "kind": "users", "rows": "50"], ["screen": "s1", "kind": "users", "rows": 2.5],
    ]

    @Test(arguments: openInputs)
    func workerOpenAgreesWithTheDecodablePath(_ params: JSONValue?) {
        func outcome(_ decode: () throws(RPCError) -> WorkerOpenRequest) -> Result<WorkerOpenRequest, RPCError> {
            do throws(RPCError) { return .success(try decode()) } catch { return .failure(error) }
        }
        let fast = outcome { () throws(RPCError) in try WorkerOpenRequest.decode(params: params) }
        let codable = outcome { () throws(RPCError) in try decodeParams(WorkerOpenRequest.self, from: params) }
        #expect(fast == codable, "params \(params?.serializedString ?? "absent")")
    }

    private static func outcome<R>(_ decode: () throws(RPCError) -> R) -> Result<R, RPCError> {
        do throws(RPCError) { return .success(try decode()) } catch { return .failure(error) }
    }

    static let selectInputs: [JSONValue?] = [
        nil, [:], ["rowId": "user:a"], ["rowId": "", "screen": "s2"], ["rowId": "user:a", "screen": nil, "rows": nil],
        ["rowId": "x", "rows": 50], ["rowId": "x", "rows": 0], ["rowId": "x", "rows": 5000], ["rowId": "x", "rows": -1],
        ["rowId": "x", "rows": 2.5], ["rowId": "x", "rows": "5"], ["rowId": 3], ["screen": "s1"], ["rowId": "x", "extra": 1],
        ["rowId": "x", "screen": 4], ["rowId": nil], [1], "text",
    ]

    @Test(arguments: selectInputs)
    func selectionsAgreeWithTheDecodablePath(_ params: JSONValue?) {
        let fast = Self.outcome { () throws(RPCError) in try SelectRequest.decode(params: params) }
        let codable = Self.outcome { () throws(RPCError) in
            let request = try decodeParams(SelectRequest.self, from: params)
            try checkRange(request.rows, "rows", 0...RowsRequest.maxLimit)
            return request
        }
        #expect(fast == codable, "params \(params?.serializedString ?? "absent")")
        let worker = Self.outcome { () throws(RPCError) in try WorkerSelectRequest.decode(params: params) }
        let workerCodable = Self.outcome { () throws(RPCError) in try decodeParams(WorkerSelectRequest.self, from: params) }
        #expect(worker == workerCodable, "params \(params?.serializedString ?? "absent")")
    }

    static let pushes: [JSONValue?] = [
        nil, [:], ["kind": "repositories", "params": ["login": "a", "query": "é \""]], ["kind": "users"], ["kind": "users", "params": nil],
        ["kind": 1], ["params": [:]], ["kind": "x", "params": [1, 2]], ["kind": "x", "other": 1], ["kind": nil], [1], "text",
    ]

    @Test(arguments: pushes)
    func hostPushAgreesWithTheDecodablePathAndWritesWhatItReads(_ params: JSONValue?) throws {
        let fast = Self.outcome { () throws(RPCError) in try HostPushRequest.decode(params: params) }
        let codable = Self.outcome { () throws(RPCError) in try decodeParams(HostPushRequest.self, from: params) }
        #expect(fast == codable, "params \(params?.serializedString ?? "absent")")
        // What the worker writes is what the Codable path prints, and reads back the same.
        guard case .success(let push) = fast else { return }
        #expect(push.jsonBytes == (try JSONValueEncoder().encode(push).serialized()))
        let written = try JSONValue(parsing: push.jsonBytes)
        #expect(try HostPushRequest.decode(params: written) == push)
    }

    static let stateChanges: [JSONValue?] = [
        nil, [:], ["token": ["query": ""]], ["token": ["query": "gr", "selection": "repo:a/b", "revision": 9, "window": ["section": "popular", "offset": 50, "limit": 25]]],
        ["token": ["query": "x", "selection": nil, "revision": nil, "window": nil, "other": [1]], "extra": true],
        ["token": ["query": "", "window": ["offset": 0, "limit": 1]]], ["token": ["query": "", "window": ["section": nil, "offset": 3, "limit": 4, "x": 1]]],
        ["token": [:]], ["token": ["query": 1]], ["token": ["query": "", "revision": 2.0]], ["token": ["query": "", "revision": "2"]],
        ["token": ["query": "", "selection": 5]], ["token": ["query": "", "window": []]], ["token": ["query": "", "window": ["offset": 1]]],
        ["token": ["query": "", "window": ["offset": 1, "limit": 2.5]]], ["token": ["query": "", "window": ["section": 1, "offset": 1, "limit": 2]]],
        ["token": "x"], ["token": nil], [1], "text",
    ]

    @Test(arguments: stateChanges)
    func stateChangesAgreeWithTheDecodablePath(_ params: JSONValue?) {
        let fast = Self.outcome { () throws(RPCError) in try WorkerDidChangeStateNotification.decode(params: params) }
        let codable = Self.outcome { () throws(RPCError) in try decodeParams(WorkerDidChangeStateNotification.self, from: params) }
        #expect(fast == codable, "params \(params?.serializedString ?? "absent")")
    }

    static let openAnswers: [JSONValue] = [
        ["revision": 1, "sections": []],
        ["screen": "s2", "title": "mojombo's repositories", "revision": 3, "loading": true, "other": [1],
         "sections": [["id": "popular", "header": "Popular", "count": 250, "hasMore": true], ["id": "s", "footer": "f", "count": 0, "state": "failed", "error": "500", "stale": true, "x": 1]]],
        ["screen": nil, "title": nil, "loading": nil, "revision": 0, "sections": [["id": "a", "count": 1, "header": nil, "state": nil, "hasMore": nil]]],
        ["revision": 1, "sections": [], "rows": [["id": "r", "kind": "k", "title": "t"]]], [:], ["revision": 1], ["sections": []],
        ["revision": 1.0, "sections": []], ["revision": "1", "sections": []], ["revision": 1, "sections": [:]], ["revision": 1, "sections": [1]],
        ["revision": 1, "sections": [["id": "a"]]], ["revision": 1, "sections": [["id": "a", "count": 1, "state": "sleeping"]]],
        ["revision": 1, "sections": [["id": "a", "count": 1, "stale": "yes"]]], ["revision": 1, "sections": [["id": 2, "count": 1]]],
        ["revision": 1, "sections": [], "title": 5], ["revision": 1, "sections": [], "loading": "no"], ["revision": 1, "sections": [], "screen": []],
    ]

    @Test(arguments: openAnswers)
    func openAnswersAgreeWithTheDecodablePath(_ answer: JSONValue) {
        let fields = answer.objectValue ?? [:]
        #expect(ScreenState.read(from: fields) == (try? JSONValueDecoder().decode(ScreenState.self, from: answer)), "\(answer.serializedString)")
    }

    /// The shapes workers write take the hand path (the others are left to `Decodable`).
    @Test func theUsualOpenAnswersAreReadByHand() {
        for answer in Self.openAnswers.prefix(3) {
            #expect(ScreenState(handReading: answer.objectValue ?? [:]) != nil, "\(answer.serializedString)")
        }
    }
}
