import Glibc
import NavProtocol

/// Newline-delimited JSON-RPC over a child's stdin/stdout. Timed calls return the raw reply
/// line and leave parsing to `result(of:)`, after the clock has stopped.
final class RPCPeer {
    let process: ChildProcess
    var timeout: Double
    private var nextID = 1

    init(_ process: ChildProcess, timeout: Double) {
        self.process = process
        self.timeout = timeout
    }

    var pid: Int32 { process.pid }

    /// One request line; `params` is JSON text.
    static func requestLine(id: Int, method: String, params: String?) -> [UInt8] {
        let tail = params.map { ",\"params\":\($0)" } ?? ""
        return Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\"\(tail)}\n".utf8)
    }

    /// Sends a request and returns its reply line unparsed, skipping notifications.
    func call(_ method: String, _ params: String? = nil) throws(BenchError) -> ArraySlice<UInt8> {
        let deadline = Deadline(seconds: timeout)
        try process.write(RPCPeer.requestLine(id: takeID(), method: method, params: params), deadline: deadline)
        while true {
            let line = try process.readLine(deadline: deadline)
            if ReplyLine.isReply(line) { return line }
        }
    }

    /// The next request's id.
    func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Sends a request and returns its parsed result; an error reply throws.
    @discardableResult
    func request(_ method: String, _ params: String? = nil) throws(BenchError) -> JSONValue {
        try RPCPeer.result(of: try call(method, params), method: method)
    }

    static func result(of line: ArraySlice<UInt8>, method: String) throws(BenchError) -> JSONValue {
        let reply: JSONValue
        do {
            reply = try JSONValue(parsing: Array(line))
        } catch {
            throw .unexpected("the reply to \(method) is not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        if let error = reply["error"] {
            throw .unexpected("\(method) answered an error: \(error["message"]?.stringValue ?? error.serializedString)")
        }
        guard let result = reply["result"] else { throw .unexpected("the reply to \(method) has no result") }
        return result
    }

    /// Closes stdin and waits for the child to exit (killing it if it does not).
    func finish(seconds: Double = 5) {
        process.closeInput()
        process.wait(deadline: Deadline(seconds: seconds))
    }
}

/// Tells replies from notifications without parsing, as ping_client does: a reply's
/// "result" or "error" key comes before any "method" key; a notification's "method" comes first.
enum ReplyLine {
    private static let keys: [[UInt8]] = [Array("\"result\"".utf8), Array("\"error\"".utf8), Array("\"method\"".utf8)]

    /// memchr and memcmp, not Collection's generic search: in a pipelined run the benchmark reads
    /// every answer while the host and the worker share the two cores with it.
    static func isReply(_ line: ArraySlice<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { buffer in
            var position = 0
            while let quote = buffer.index(ofByte: UInt8(ascii: "\""), in: position..<buffer.count) {
                for (number, key) in keys.enumerated() where buffer.count - quote >= key.count && memcmp(buffer.baseAddress! + quote, key, key.count) == 0 {
                    return number < 2
                }
                position = quote + 1
            }
            return false
        }
    }
}
