import NavProtocol
import Testing

/// Numbers in a request's params are range-checked as the params are decoded, so the host and
/// a worker refuse the same values in the same words.
@Suite struct ParamRangeTests {
    private func refusal<R: RPCRequestType>(_ type: R.Type, _ params: JSONValue) -> RPCError? {
        do throws(RPCError) {
            _ = try R.decode(params: params)
            return nil
        } catch {
            return error
        }
    }

    @Test func outOfRangeNumbersAreRefusedNamingTheField() {
        let cases: [(RPCError?, String)] = [
            (refusal(RowsRequest.self, ["limit": 1001]), "limit"),
            (refusal(RowsRequest.self, ["limit": -1]), "limit"),
            (refusal(RowsRequest.self, ["revision": .int(Int.max)]), "revision"),
            (refusal(WorkerRowsRequest.self, ["offset": 0, "limit": .int(Int.max)]), "limit"),
            // navhost passes screen/rows params to the worker as they arrived: the offset is the worker's to refuse.
            (refusal(WorkerRowsRequest.self, ["offset": -1]), "offset"),
            (refusal(WorkerRowsRequest.self, ["screen": "s1", "offset": .int(RestorationToken.maxOffset + 1)]), "offset"),
            (refusal(SelectRequest.self, ["rowId": "r", "rows": 1001]), "rows"),
            (refusal(RenderRequest.self, ["width": .int(Int.max)]), "width"),
            (refusal(RenderRequest.self, ["width": 19]), "width"),
            (refusal(RenderRequest.self, ["limit": -5]), "limit"),
            (refusal(WaitIdleRequest.self, ["timeout": 601.0]), "timeout"),
            (refusal(WaitIdleRequest.self, ["timeout": -1]), "timeout"),
            (refusal(DebugDelayRequest.self, ["ms": -1]), "ms"),
            (refusal(DebugMisbehaveRequest.self, ["output": "hugeLine", "bytes": -1]), "bytes"),
            (refusal(WorkerOpenRequest.self, ["screen": "s1", "kind": "users", "rows": 5000]), "rows"),
        ]
        for (error, field) in cases {
            #expect(error?.code == RPCErrorCode.invalidParams, "\(field)")
            #expect(error?.message.hasPrefix("invalid params: field '\(field)' must be between") == true, "\(error?.message ?? "accepted")")
            #expect(error?.data?["field"] == .string(field))
        }
    }

    @Test func numbersAtTheEdgesOfTheirRangeAreAccepted() throws {
        #expect(try RowsRequest.decode(params: ["limit": 1000, "revision": .int(RestorationToken.maxRevision)]).limit == 1000)
        #expect(try WorkerRowsRequest.decode(params: ["offset": .int(RestorationToken.maxOffset)]).window.offset == RestorationToken.maxOffset)
        #expect(try RenderRequest.decode(params: ["width": .int(RenderRequest.maximumWidth), "limit": 0]).width == RenderRequest.maximumWidth)
        #expect(try WaitIdleRequest.decode(params: ["timeout": 600.0]).timeout == 600)
        #expect(try DebugMisbehaveRequest.decode(params: ["output": "hugeLine", "bytes": .int(DebugMisbehaveRequest.maxBytes)]).bytes == DebugMisbehaveRequest.maxBytes)
    }
}
