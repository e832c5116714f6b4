import Foundation
import NavProtocol

/// A recorded session: JSON lines, the first a `meta` entry (the host's arguments and the
/// client's framing), then one entry per message: `{"direction": "toHost" | "toClient",
/// "time": milliseconds since the recording began, "message": {...}}`; a body that was not
/// JSON is kept as `"raw": "text"` instead of `message`.
struct SessionRecording {
    enum Direction: String {
        case meta, toHost, toClient
    }

    struct Entry {
        var direction: Direction
        var time: Int
        var message: JSONValue?
        var raw: String?

        /// The bytes of the body, as the sender framed them.
        var body: [UInt8] { message?.serialized() ?? Array((raw ?? "").utf8) }

        var json: JSONValue {
            var fields: [String: JSONValue] = ["direction": .string(direction.rawValue), "time": .int(time)]
            if let message { fields["message"] = message }
            if let raw { fields["raw"] = .string(raw) }
            return .object(fields)
        }
    }

    var arguments: [String]
    var framing: Framing
    var entries: [Entry]

    static func metaEntry(arguments: [String], framing: Framing) -> Entry {
        Entry(direction: .meta, time: 0, message: [
            "navhost": .string(ClientSession.version),
            "arguments": .array(arguments.map(JSONValue.string)),
            "framing": .string(framing == .contentLength ? "content-length" : "newline"),
            "startedAt": .int(Int(Date().timeIntervalSince1970)),
        ])
    }

    static func load(_ path: String) throws -> SessionRecording {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw RecordingError("cannot read \(path)")
        }
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

struct RecordingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
