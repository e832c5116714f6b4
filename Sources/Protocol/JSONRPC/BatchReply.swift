/// Serializes replies. Per JSON-RPC 2.0 section 6, a batch whose entries were all notifications
/// gets no reply at all: callers must send nothing rather than `[]` when `responses` is empty.
public enum BatchReply {
    public static func serialize(_ responses: [RPCResponse]) -> [UInt8] {
        var buffer: [UInt8] = [UInt8(ascii: "[")]
        for (position, response) in responses.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ",")) }
            response.json.serialize(into: &buffer)
        }
        buffer.append(UInt8(ascii: "]"))
        return buffer
    }

    public static func serialize(_ response: RPCResponse) -> [UInt8] { response.serialized() }
}
