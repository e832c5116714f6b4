@testable import NavProtocol
import Testing

/// What a peer's params decode to, or the error it is answered with, for each message read on
/// every read or push. The usual shapes are taken apart by hand (the `decode(params:)` of each
/// type says why), every other by `Decodable`, which words the errors: both are held here to
/// the same golden outcomes, the decoded value as compact JSON or the error's message.
@Suite struct ParamsDecodingTests {
    /// The outcome of decoding `params` (JSON text, or nil for absent params).
    private static func outcome<R: Encodable>(_ params: String?, _ decode: (JSONValue?) throws(RPCError) -> R) throws -> String {
        let value = try params.map { try JSONValue(parsing: $0) }
        let decoded: R
        do throws(RPCError) {
            decoded = try decode(value)
        } catch {
            return "error: " + error.message
        }
        return try JSONValueEncoder().encode(decoded).serializedString
    }

    /// `screen/rows` and `worker/rows` (navhost passes the client's params on; the worker reads them).
    static let rows: [(params: String?, outcome: String)] = [
        (nil, "{}"),
        ("{}", "{}"),
        (#"{"limit":1}"#, #"{"limit":1}"#),
        (#"{"limit":50,"offset":0,"revision":3,"screen":"s2","section":"popular"}"#, #"{"limit":50,"offset":0,"revision":3,"screen":"s2","section":"popular"}"#),
        (#"{"limit":null,"screen":null}"#, "{}"),
        (#"{"limit":1,"unknown":[1,2]}"#, #"{"limit":1}"#),
        (#"{"limit":2.0}"#, #"{"limit":2}"#),
        (#"{"limit":2.5}"#, "error: invalid params: field 'limit': expected an integer, found 2.5"),
        (#"{"limit":"1"}"#, "error: invalid params: field 'limit': expected an integer, found a string"),
        (#"{"screen":4}"#, "error: invalid params: field 'screen': expected a string, found a number"),
        (#"{"section":true}"#, "error: invalid params: field 'section': expected a string, found a boolean"),
        (#"{"revision":{}}"#, "error: invalid params: field 'revision': expected an integer, found an object"),
        (#"{"offset":1.5}"#, "error: invalid params: field 'offset': expected an integer, found 1.5"),
        ("[1,2]", "error: invalid params: navhost's methods take params by name (an object), not by position (an array)"),
        (#""text""#, "error: invalid params: expected an object, found a string"),
        ("3", "error: invalid params: expected an object, found a number"),
    ]

    @Test(arguments: rows.indices)
    func rowsParams(_ index: Int) throws {
        let (params, expected) = Self.rows[index]
        #expect(try Self.outcome(params, RowsRequest.decode(params:)) == expected, "params \(params ?? "absent")")
    }

    /// `worker/open`, as a worker reads it.
    static let workerOpen: [(params: String?, outcome: String)] = [
        (nil, "error: invalid params: missing field 'screen'"),
        ("{}", "error: invalid params: missing field 'screen'"),
        (#"{"kind":"repositories","params":{"login":"mojombo"},"screen":"s2"}"#, #"{"kind":"repositories","params":{"login":"mojombo"},"screen":"s2"}"#),
        (#"{"kind":"users","screen":"s1"}"#, #"{"kind":"users","screen":"s1"}"#),
        (#"{"kind":"users","params":null,"screen":"s1"}"#, #"{"kind":"users","screen":"s1"}"#),
        (#"{"extra":1,"kind":"users","screen":"s1","token":null}"#, #"{"kind":"users","screen":"s1"}"#),
        (#"{"kind":"repository","params":{"name":"b","owner":"a"},"screen":"s3","token":{"query":"x","revision":4}}"#, #"{"kind":"repository","params":{"name":"b","owner":"a"},"screen":"s3","token":{"query":"x","revision":4}}"#),
        (#"{"kind":"nonsense","screen":"s1"}"#, #"{"kind":"nonsense","screen":"s1"}"#),
        (#"{"kind":"users","screen":1}"#, "error: invalid params: field 'screen': expected a string, found a number"),
        (#"{"kind":"users"}"#, "error: invalid params: missing field 'screen'"),
        (#"{"screen":"s1"}"#, "error: invalid params: missing field 'kind'"),
        (#"{"kind":"users","params":[1,2],"screen":"s1"}"#, #"{"kind":"users","params":[1,2],"screen":"s1"}"#),
        (#"{"kind":"users","screen":"s1","token":"x"}"#, "error: invalid params: field 'token': expected an object, found a string"),
        ("[1]", "error: invalid params: navhost's methods take params by name (an object), not by position (an array)"),
        (#"{"kind":"repositories","params":{"login":"a"},"rows":50,"screen":"s2"}"#, #"{"kind":"repositories","params":{"login":"a"},"rows":50,"screen":"s2"}"#),
        (#"{"kind":"users","rows":null,"screen":"s1"}"#, #"{"kind":"users","screen":"s1"}"#),
        (#"{"kind":"users","rows":"50","screen":"s1"}"#, "error: invalid params: field 'rows': expected an integer, found a string"),
        (#"{"kind":"users","rows":2.5,"screen":"s1"}"#, "error: invalid params: field 'rows': expected an integer, found 2.5"),
    ]

    @Test(arguments: workerOpen.indices)
    func workerOpenParams(_ index: Int) throws {
        let (params, expected) = Self.workerOpen[index]
        #expect(try Self.outcome(params, WorkerOpenRequest.decode(params:)) == expected, "params \(params ?? "absent")")
    }

    /// `screen/select`, as navhost reads it.
    static let select: [(params: String?, outcome: String)] = [
        (nil, "error: invalid params: missing field 'rowId'"),
        ("{}", "error: invalid params: missing field 'rowId'"),
        (#"{"rowId":"user:a"}"#, #"{"rowId":"user:a"}"#),
        (#"{"rowId":"","screen":"s2"}"#, #"{"rowId":"","screen":"s2"}"#),
        (#"{"rowId":"user:a","rows":null,"screen":null}"#, #"{"rowId":"user:a"}"#),
        (#"{"rowId":"x","rows":50}"#, #"{"rowId":"x","rows":50}"#),
        (#"{"rowId":"x","rows":0}"#, #"{"rowId":"x","rows":0}"#),
        (#"{"rowId":"x","rows":5000}"#, "error: invalid params: field 'rows' must be between 0 and 1000"),
        (#"{"rowId":"x","rows":-1}"#, "error: invalid params: field 'rows' must be between 0 and 1000"),
        (#"{"rowId":"x","rows":2.5}"#, "error: invalid params: field 'rows': expected an integer, found 2.5"),
        (#"{"rowId":"x","rows":"5"}"#, "error: invalid params: field 'rows': expected an integer, found a string"),
        (#"{"rowId":3}"#, "error: invalid params: field 'rowId': expected a string, found a number"),
        (#"{"screen":"s1"}"#, "error: invalid params: missing field 'rowId'"),
        (#"{"extra":1,"rowId":"x"}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":"x","screen":4}"#, "error: invalid params: field 'screen': expected a string, found a number"),
        (#"{"rowId":null}"#, "error: invalid params: field 'rowId': expected a string, found null"),
        ("[1]", "error: invalid params: navhost's methods take params by name (an object), not by position (an array)"),
        (#""text""#, "error: invalid params: expected an object, found a string"),
    ]

    @Test(arguments: select.indices)
    func selectParams(_ index: Int) throws {
        let (params, expected) = Self.select[index]
        #expect(try Self.outcome(params, SelectRequest.decode(params:)) == expected, "params \(params ?? "absent")")
    }

    /// `worker/select`, as a worker reads it: `screen` and `rows` are the host's, not its.
    static let workerSelect: [(params: String?, outcome: String)] = [
        (nil, "error: invalid params: missing field 'rowId'"),
        ("{}", "error: invalid params: missing field 'rowId'"),
        (#"{"rowId":"user:a"}"#, #"{"rowId":"user:a"}"#),
        (#"{"rowId":"","screen":"s2"}"#, #"{"rowId":""}"#),
        (#"{"rowId":"user:a","rows":null,"screen":null}"#, #"{"rowId":"user:a"}"#),
        (#"{"rowId":"x","rows":50}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":"x","rows":0}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":"x","rows":5000}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":"x","rows":-1}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":"x","rows":2.5}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":"x","rows":"5"}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":3}"#, "error: invalid params: field 'rowId': expected a string, found a number"),
        (#"{"screen":"s1"}"#, "error: invalid params: missing field 'rowId'"),
        (#"{"extra":1,"rowId":"x"}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":"x","screen":4}"#, #"{"rowId":"x"}"#),
        (#"{"rowId":null}"#, "error: invalid params: field 'rowId': expected a string, found null"),
        ("[1]", "error: invalid params: navhost's methods take params by name (an object), not by position (an array)"),
        (#""text""#, "error: invalid params: expected an object, found a string"),
    ]

    @Test(arguments: workerSelect.indices)
    func workerSelectParams(_ index: Int) throws {
        let (params, expected) = Self.workerSelect[index]
        #expect(try Self.outcome(params, WorkerSelectRequest.decode(params:)) == expected, "params \(params ?? "absent")")
    }

    /// `host/push`, as navhost reads a worker's.
    static let hostPush: [(params: String?, outcome: String)] = [
        (nil, "error: invalid params: missing field 'kind'"),
        ("{}", "error: invalid params: missing field 'kind'"),
        (#"{"kind":"repositories","params":{"login":"a","query":"é \""}}"#, #"{"kind":"repositories","params":{"login":"a","query":"é \""}}"#),
        (#"{"kind":"users"}"#, #"{"kind":"users"}"#),
        (#"{"kind":"users","params":null}"#, #"{"kind":"users"}"#),
        (#"{"kind":1}"#, "error: invalid params: field 'kind': expected a string, found a number"),
        (#"{"params":{}}"#, "error: invalid params: missing field 'kind'"),
        (#"{"kind":"x","params":[1,2]}"#, #"{"kind":"x","params":[1,2]}"#),
        (#"{"kind":"x","other":1}"#, #"{"kind":"x"}"#),
        (#"{"kind":null}"#, "error: invalid params: field 'kind': expected a string, found null"),
        ("[1]", "error: invalid params: navhost's methods take params by name (an object), not by position (an array)"),
        (#""text""#, "error: invalid params: expected an object, found a string"),
    ]

    @Test(arguments: hostPush.indices)
    func hostPushParams(_ index: Int) throws {
        let (params, expected) = Self.hostPush[index]
        #expect(try Self.outcome(params, HostPushRequest.decode(params:)) == expected, "params \(params ?? "absent")")
    }

    /// `worker/didChangeState`, as navhost reads a worker's.
    static let stateChange: [(params: String?, outcome: String)] = [
        (nil, "error: invalid params: missing field 'token'"),
        ("{}", "error: invalid params: missing field 'token'"),
        (#"{"token":{"query":""}}"#, #"{"token":{"query":""}}"#),
        (#"{"token":{"query":"gr","revision":9,"selection":"repo:a/b","window":{"limit":25,"offset":50,"section":"popular"}}}"#, #"{"token":{"query":"gr","revision":9,"selection":"repo:a/b","window":{"limit":25,"offset":50,"section":"popular"}}}"#),
        (#"{"extra":true,"token":{"other":[1],"query":"x","revision":null,"selection":null,"window":null}}"#, #"{"token":{"query":"x"}}"#),
        (#"{"token":{"query":"","window":{"limit":1,"offset":0}}}"#, #"{"token":{"query":"","window":{"limit":1,"offset":0}}}"#),
        (#"{"token":{"query":"","window":{"limit":4,"offset":3,"section":null,"x":1}}}"#, #"{"token":{"query":"","window":{"limit":4,"offset":3}}}"#),
        (#"{"token":{}}"#, "error: invalid params: missing field 'token.query'"),
        (#"{"token":{"query":1}}"#, "error: invalid params: field 'token.query': expected a string, found a number"),
        (#"{"token":{"query":"","revision":2.0}}"#, #"{"token":{"query":"","revision":2}}"#),
        (#"{"token":{"query":"","revision":"2"}}"#, "error: invalid params: field 'token.revision': expected an integer, found a string"),
        (#"{"token":{"query":"","selection":5}}"#, "error: invalid params: field 'token.selection': expected a string, found a number"),
        (#"{"token":{"query":"","window":[]}}"#, "error: invalid params: field 'token.window': expected an object, found an array"),
        (#"{"token":{"query":"","window":{"offset":1}}}"#, "error: invalid params: missing field 'token.window.limit'"),
        (#"{"token":{"query":"","window":{"limit":2.5,"offset":1}}}"#, "error: invalid params: field 'token.window.limit': expected an integer, found 2.5"),
        (#"{"token":{"query":"","window":{"limit":2,"offset":1,"section":1}}}"#, "error: invalid params: field 'token.window.section': expected a string, found a number"),
        (#"{"token":"x"}"#, "error: invalid params: field 'token': expected an object, found a string"),
        (#"{"token":null}"#, "error: invalid params: field 'token': expected an object, found null"),
        ("[1]", "error: invalid params: navhost's methods take params by name (an object), not by position (an array)"),
        (#""text""#, "error: invalid params: expected an object, found a string"),
    ]

    @Test(arguments: stateChange.indices)
    func stateChangeParams(_ index: Int) throws {
        let (params, expected) = Self.stateChange[index]
        #expect(try Self.outcome(params, WorkerDidChangeStateNotification.decode(params:)) == expected, "params \(params ?? "absent")")
    }

    /// A worker's `worker/open` answer, as navhost reads it on every push: nil when unreadable.
    static let openAnswers: [(answer: String, read: String?, byHand: Bool)] = [
        (#"{"revision":1,"sections":[]}"#, #"{"revision":1,"sections":[]}"#, true),
        (#"{"loading":true,"other":[1],"revision":3,"screen":"s2","sections":[{"count":250,"hasMore":true,"header":"Popular","id":"popular"},{"count":0,"error":"500","footer":"f","id":"s","stale":true,"state":"failed","x":1}],"title":"mojombo's repositories"}"#, #"{"loading":true,"revision":3,"screen":"s2","sections":[{"count":250,"hasMore":true,"header":"Popular","id":"popular"},{"count":0,"error":"500","footer":"f","id":"s","stale":true,"state":"failed"}],"title":"mojombo's repositories"}"#, true),
        (#"{"loading":null,"revision":0,"screen":null,"sections":[{"count":1,"hasMore":null,"header":null,"id":"a","state":null}],"title":null}"#, #"{"revision":0,"sections":[{"count":1,"id":"a"}]}"#, true),
        (#"{"revision":1,"rows":[{"id":"r","kind":"k","title":"t"}],"sections":[]}"#, #"{"revision":1,"rows":[{"id":"r","kind":"k","title":"t"}],"sections":[]}"#, false),
        ("{}", nil, false),
        (#"{"revision":1}"#, nil, false),
        (#"{"sections":[]}"#, nil, false),
        (#"{"revision":1.0,"sections":[]}"#, #"{"revision":1,"sections":[]}"#, false),
        (#"{"revision":"1","sections":[]}"#, nil, false),
        (#"{"revision":1,"sections":{}}"#, nil, false),
        (#"{"revision":1,"sections":[1]}"#, nil, false),
        (#"{"revision":1,"sections":[{"id":"a"}]}"#, nil, false),
        (#"{"revision":1,"sections":[{"count":1,"id":"a","state":"sleeping"}]}"#, nil, false),
        (#"{"revision":1,"sections":[{"count":1,"id":"a","stale":"yes"}]}"#, nil, false),
        (#"{"revision":1,"sections":[{"count":1,"id":2}]}"#, nil, false),
        (#"{"revision":1,"sections":[],"title":5}"#, nil, false),
        (#"{"loading":"no","revision":1,"sections":[]}"#, nil, false),
        (#"{"revision":1,"screen":[],"sections":[]}"#, nil, false),
    ]

    @Test(arguments: openAnswers.indices)
    func openAnswerReads(_ index: Int) throws {
        let (answer, expected, byHand) = Self.openAnswers[index]
        let fields = try JSONValue(parsing: answer).objectValue ?? [:]
        let read = try ScreenState.read(from: fields).map { try JSONValueEncoder().encode($0).serializedString }
        #expect(read == expected, "\(answer)")
        // The shapes workers write take the hand path; the others are left to `Decodable`.
        #expect((ScreenState(handReading: fields) != nil) == byHand, "\(answer)")
    }
}
