import Foundation
import NavProtocol

/// Where the next window of rows starts: the `nextCursor` of a tool answer and the `cursor` of
/// the rows tool. Opaque to the client (base64url of a small JSON object), and valid for as long
/// as its screen is on the stack with the same query: screen ids are never reused in a session.
struct RowCursor: Equatable, Sendable {
    var screen: String
    /// The screen's query when the cursor was made: a new search makes the cursor stale.
    var query: String
    var section: String?
    var offset: Int
    var limit: Int

    /// The cursor as the client sees it.
    var encoded: String {
        var fields: [String: JSONValue] = [
            "v": .int(1), "screen": .string(screen), "query": .string(query), "offset": .int(offset), "limit": .int(limit),
        ]
        if let section { fields["section"] = .string(section) }
        return Data(JSONValue.object(fields).serialized()).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The cursor a client sent back, or nil when it is not one this server made.
    init?(decoding text: String) {
        guard text.utf8.count <= 4096 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let json = try? JSONValue(parsing: [UInt8](data)),
            json["v"] == .int(1), let screen = json["screen"]?.stringValue, let query = json["query"]?.stringValue,
            let offset = json["offset"]?.intValue, (0...Int(Int32.max)).contains(offset),
            let limit = json["limit"]?.intValue, (1...RowsRequest.maxLimit).contains(limit)
        else { return nil }
        let section = json["section"]
        guard section == nil || section?.stringValue != nil else { return nil }
        self.init(screen: screen, query: query, section: section?.stringValue, offset: offset, limit: limit)
    }

    init(screen: String, query: String, section: String?, offset: Int, limit: Int) {
        self.screen = screen
        self.query = query
        self.section = section
        self.offset = offset
        self.limit = limit
    }
}
