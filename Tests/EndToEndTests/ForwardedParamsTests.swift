import NavClient
import NavProtocol
import Testing

/// navhost reads only `screen` from `screen/rows` and `screen/query` params and passes the
/// params to the screen's worker as they arrived. What the client sees must not depend on how
/// its params were written: pretty-printed over Content-Length, escaped, or with members
/// navhost does not know.
@Suite struct ForwardedParamsTests {
    @Test func pageParamsPrettyPrintedOverContentLengthReadTheSameRows() throws {
        let host = try HostUnderTest(framing: .contentLength)
        try host.initialize()
        let compact = try host.client.send(RowsRequest(offset: 3, limit: 2))
        let pretty = "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 500,\n  \"method\": \"screen/rows\",\n  \"params\": {\r\n    \"limit\": 2,\n\t\"offset\": 3,\n    \"sc\\u0072een\": \"s1\"\n  }\n}"
        host.client.sendRaw(Framing.contentLength.frame(Array(pretty.utf8)))
        let reply = try host.client.nextReply()
        #expect(reply["id"] == 500)
        let rows = try #require(reply["result"]?["rows"]?.arrayValue)
        #expect(rows.map { $0["id"] } == compact.rows.map { .string($0.id) })
        #expect(rows.count == 2)
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func membersNavhostDoesNotReadAreChecked() throws {
        let host = try HostUnderTest()
        try host.initialize()
        // `screen` is navhost's to read: a wrong type is refused naming it.
        let badScreen = host.expectError(RowsRequest.method, ["screen": 1])
        #expect(badScreen?.code == RPCErrorCode.invalidParams)
        #expect(badScreen?.message.contains("screen") == true)
        // The rest is the worker's, refused in the same words navhost would use.
        let badOffset = host.expectError(RowsRequest.method, ["offset": .int(RestorationToken.maxOffset + 1)])
        #expect(badOffset?.message == "invalid params: field 'offset' must be between 0 and \(RestorationToken.maxOffset)")
        let badLimit = host.expectError(RowsRequest.method, ["screen": "s1", "limit": "50"])
        #expect(badLimit?.code == RPCErrorCode.invalidParams)
        #expect(badLimit?.message.contains("limit") == true)
        let noText = host.expectError(QueryRequest.method, ["screen": "s1"])
        #expect(noText?.code == RPCErrorCode.invalidParams)
        #expect(noText?.message.contains("text") == true)
        // Members nobody reads change nothing; an array of params is refused, `[]` means none.
        let extra = try host.client.request(RowsRequest.method, ["limit": 1, "unknown": ["a": [1, 2]]])
        #expect(extra["rows"]?.arrayValue?.count == 1)
        #expect(host.expectError(RowsRequest.method, [1])?.code == RPCErrorCode.invalidParams)
        let none = try host.client.request(RowsRequest.method, [])
        #expect(none["rows"]?.arrayValue?.count == RowsRequest.defaultLimit)
        let unknownScreen = host.expectError(RowsRequest.method, ["screen": "s9"])
        #expect(unknownScreen?.code == RPCErrorCode.screenNotFound)
        #expect(try host.shutdown().exitCode == 0)
    }

    /// navhost may take messages larger than a worker does: params far longer than any the
    /// request takes are decoded and written again with only what the worker reads, so the
    /// worker never gets a message over its limit (it would drop it, the request would time
    /// out and the worker be reset).
    @Test func hugeParamsReachTheWorkerAsOnlyWhatItReads() throws {
        let host = try HostUnderTest(["--max-message-bytes", String(32 << 20), "--request-timeout", "3000"])
        try host.initialize()
        let worker = try #require(host.workers().first)
        let padding = String(repeating: "p", count: 20 << 20)
        let rows = try host.client.request(RowsRequest.method, ["limit": 2, "padding": .string(padding)], timeout: 30)
        #expect(rows["rows"]?.arrayValue?.count == 2)
        let query = try host.client.request(QueryRequest.method, ["text": "tor", "padding": .string(padding)], timeout: 30)
        #expect(query["sections"]?.arrayValue?.isEmpty == false)
        #expect(host.workers().first == worker, "the worker was not reset")
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test func anEscapedQueryReachesTheWorkerAsWritten() throws {
        let host = try HostUnderTest()
        try host.initialize()
        let plain = try host.client.send(QueryRequest(text: "tor"))
        host.client.sendRaw(Array(#"{"jsonrpc":"2.0","id":"q","method":"screen/query","params":{"text":"\u0074o\u0072","screen":"s1"}}"#.utf8) + [10])
        let reply = try host.client.nextReply()
        #expect(reply["id"] == "q")
        #expect(reply["result"]?["sections"]?.arrayValue?.map { $0["count"] } == plain.sections.map { .int($0.count) })
        #expect(try host.shutdown().exitCode == 0)
    }
}
