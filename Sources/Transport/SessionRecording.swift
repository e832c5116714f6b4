import Glibc
import NavProtocol

/// A recorded session: JSON lines, the first a `meta` entry (the host's arguments and the
/// client's framing), then one entry per message: `{"direction": "toHost" | "toClient",
/// "time": milliseconds since the recording began, "message": {...}}`; a body that was not
/// JSON is kept as `"raw": "text"` instead of `message`.
public struct SessionRecording {
    public enum Direction: String, Sendable {
        case meta, toHost, toClient
    }

    public struct Entry {
        public var direction: Direction
        public var time: Int
        public var message: JSONValue?
        public var raw: String?

        public init(direction: Direction, time: Int, message: JSONValue? = nil, raw: String? = nil) {
            self.direction = direction
            self.time = time
            self.message = message
            self.raw = raw
        }

        /// The bytes of the body, as the sender framed them.
        public var body: [UInt8] { message?.serialized() ?? Array((raw ?? "").utf8) }

        public var json: JSONValue {
            var fields: [String: JSONValue] = ["direction": .string(direction.rawValue), "time": .int(time)]
            if let message { fields["message"] = message }
            if let raw { fields["raw"] = .string(raw) }
            return .object(fields)
        }
    }

    public var arguments: [String]
    public var framing: Framing
    public var entries: [Entry]

    public static func metaEntry(arguments: [String], framing: Framing, version: String) -> Entry {
        Entry(direction: .meta, time: 0, message: [
            "navhost": .string(version),
            "arguments": .array(arguments.map(JSONValue.string)),
            "framing": .string(framing == .contentLength ? "content-length" : "newline"),
            "startedAt": .int(Int(time(nil))),
        ])
    }

    public static func load(_ path: String) throws -> SessionRecording {
        guard let text = readText(path) else { throw RecordingError("cannot read \(path)") }
        var recording = SessionRecording(arguments: [], framing: .newlineDelimited, entries: [])
        for (number, line) in text.split(separator: "\n").enumerated() {
            guard let value = try? JSONValue(parsing: String(line)),
                let direction = value["direction"]?.stringValue.flatMap(Direction.init(rawValue:))
            else { throw RecordingError("\(path):\(number + 1): not a recording entry") }
            let entry = Entry(direction: direction, time: value["time"]?.intValue ?? 0, message: value["message"], raw: value["raw"]?.stringValue)
            if direction == .meta {
                recording.arguments = entry.message?["arguments"]?.arrayValue?.compactMap(\.stringValue) ?? []
                recording.framing = entry.message?["framing"] == "content-length" ? .contentLength : .newlineDelimited
            } else {
                recording.entries.append(entry)
            }
        }
        return recording
    }
}

public struct RecordingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A whole file as UTF-8 text, or nil when it cannot be read.
private func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
