/// `worker/kinds` (host -> worker): the kinds the worker binary serves, as descriptors in kind
/// order (`ScreenDescriptor.jsonLine`). navhost asks the first worker it starts, before it reads
/// a message (docs/architecture.md, "Registry of kinds"); any worker of the built-in binary
/// answers it at any time, with or without a screen. An external worker is never asked: its
/// kinds are in its screens.json.
public struct WorkerKindsRequest: WorkerRequestType, Equatable {
    public static let method = "worker/kinds"
    public init() {}

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }

    public typealias Response = [ScreenDescriptor]
}
