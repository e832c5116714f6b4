import Testing
import NavProtocol

/// `RowsRequest.decode` takes the usual shapes apart by hand; it must agree with the
/// `Decodable` path on every input, values and error messages alike.
@Suite struct RowsRequestDecodingTests {
    static let inputs: [JSONValue?] = [
        nil, [:], ["limit": 1], ["offset": 0, "limit": 50, "section": "popular", "revision": 3, "screen": "s2"],
        ["limit": nil, "screen": nil], ["limit": 1, "unknown": [1, 2]], ["limit": 2.0], ["limit": 2.5], ["limit": "1"],
        ["screen": 4], ["section": true], ["revision": [:]], ["offset": -1], [1, 2], "text", 3,
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
}
