import Glibc
import NavProtocol
import Transport
import UVKit

/// `navhost --record FILE`: writes every message between the client and the host, with its
/// time, as it is read or written (see `SessionRecording` for the format).
final class SessionRecorder {
    private let fileDescriptor: Int32
    private let writer: UVFileWriter
    private let loop: UVLoop
    private let connection: RPCConnection
    private let arguments: [String]
    private let start: UInt64
    private var wroteMeta = false

    init(path: String, connection: RPCConnection, loop: UVLoop, hostArguments: [String]) throws {
        fileDescriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fileDescriptor >= 0 else { throw RecordingError("cannot write \(path): \(String(cString: strerror(errno)))") }
        writer = UVFileWriter(fileDescriptor: fileDescriptor)
        self.loop = loop
        self.connection = connection
        arguments = hostArguments
        start = loop.now
        connection.onBodyReceived = { [unowned self] body in self.record(.toHost, body) }
        connection.onBodySent = { [unowned self] body in self.record(.toClient, body) }
    }

    deinit {
        close(fileDescriptor)
    }

    private func record(_ direction: SessionRecording.Direction, _ body: [UInt8]) {
        // The framing is known once the client's first message arrived, which comes first.
        if !wroteMeta {
            wroteMeta = true
            write(SessionRecording.metaEntry(arguments: arguments, framing: connection.framing ?? .newlineDelimited, version: ClientSession.version))
        }
        let message = try? JSONValue(parsing: body)
        write(SessionRecording.Entry(
            direction: direction, time: Int(loop.now - start), message: message,
            raw: message == nil ? String(decoding: body, as: UTF8.self) : nil))
    }

    private func write(_ entry: SessionRecording.Entry) {
        writer.write(entry.json.serialized() + [UInt8(ascii: "\n")])
    }
}
