import Foundation
import NavProtocol
import Testing

@testable import NavShellMCP

@Suite struct RowCursorTests {
    @Test func aCursorComesBackAsItWentOut() throws {
        let cursor = RowCursor(screen: "s12", query: "mojombo", section: "popular", offset: 150, limit: 50)
        let decoded = try #require(RowCursor(decoding: cursor.encoded))
        #expect(decoded == cursor)
        let whole = RowCursor(screen: "s1", query: "", section: nil, offset: 1, limit: 1000)
        #expect(RowCursor(decoding: whole.encoded) == whole)
    }

    @Test func theEncodingIsOpaqueAndSafeInAnyJSONOrURL() {
        let encoded = RowCursor(screen: "s1", query: "a/b+c=d ü", section: nil, offset: 7, limit: 3).encoded
        #expect(!encoded.contains { "+/= \"".contains($0) })
        #expect(!encoded.contains("s1"))
    }

    @Test func whatThisServerDidNotMakeIsRefused() {
        func encode(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        }
        #expect(RowCursor(decoding: "") == nil)
        #expect(RowCursor(decoding: "not a cursor!") == nil)
        #expect(RowCursor(decoding: encode("[1,2]")) == nil)
        #expect(RowCursor(decoding: encode(#"{"v":2,"screen":"s1","query":"","offset":0,"limit":5}"#)) == nil)
        #expect(RowCursor(decoding: encode(#"{"v":1,"screen":"s1","query":"","offset":-1,"limit":5}"#)) == nil)
        #expect(RowCursor(decoding: encode(#"{"v":1,"screen":"s1","query":"","offset":0,"limit":1001}"#)) == nil)
        #expect(RowCursor(decoding: encode(#"{"v":1,"screen":"s1","query":"","offset":0,"limit":0}"#)) == nil)
        #expect(RowCursor(decoding: encode(#"{"v":1,"screen":"s1","query":"","offset":0,"limit":5,"section":3}"#)) == nil)
        #expect(RowCursor(decoding: encode(#"{"v":1,"screen":"s1","offset":0,"limit":5}"#)) == nil)
        #expect(RowCursor(decoding: String(repeating: "A", count: 5000)) == nil)
        #expect(RowCursor(decoding: encode(#"{"v":1,"screen":"s1","query":"","offset":9,"limit":5}"#))?.offset == 9)
    }
}
