import Glibc
import ProcessSupport
import NavProtocol
import Transport
import UVKit

/// The worker's side of the debug methods: faults on demand for the fault-injection tests.
/// Only a worker started with `--enable-debug-methods` has one.
final class WorkerFaults {
    private let loop: UVLoop
    private var delayMilliseconds: UInt64 = 0

    init(loop: UVLoop) {
        self.loop = loop
    }

    /// Runs `handle` now, or after the delay `debug/delay` asked for.
    func afterDelay(_ handle: @escaping () -> Void) {
        guard delayMilliseconds > 0, let timer = try? UVTimer(loop: loop) else { return handle() }
        timer.start(after: delayMilliseconds) {
            timer.close()
            handle()
        }
    }

    func handle(_ request: RPCRequest, _ responder: RPCResponder, output: ByteWriter) throws(RPCError) {
        switch request.method {
        case DebugCrashRequest.method:
            FileHandleStderr.write("debug/crash: aborting\n")
            abort()
        case DebugHangRequest.method:
            FileHandleStderr.write("debug/hang: blocking the loop\n")
            // Blocks the only thread: no answer, no ping, until a signal ends the process.
            while true { pause() }
        case DebugDelayRequest.method:
            let params = try DebugDelayRequest.decode(params: request.params)
            delayMilliseconds = UInt64(params.ms)
            responder.succeed(encoding: EmptyResult())
        case DebugMisbehaveRequest.method:
            // `decode` refused a byte count outside 0...1 GiB: a negative one would trap below.
            let params = try DebugMisbehaveRequest.decode(params: request.params)
            switch params.output {
            case .invalidJSON:
                output.write(Array("{\"jsonrpc\":\"2.0\",\"method\":this is not json\n".utf8))
            case .hugeLine:
                let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
                let total = params.bytes ?? 100 << 20
                for _ in 0..<(total / chunk.count) { output.write(chunk) }
                output.write([UInt8](repeating: UInt8(ascii: "x"), count: total % chunk.count) + [UInt8(ascii: "\n")])
            case .stderrFlood:
                let line = String(repeating: "flood ", count: 170) + "\n"
                let bytes = Array(line.utf8)
                // stderr may be non-blocking: a full pipe is waited on.
                for _ in 0..<((params.bytes ?? 8 << 20) / bytes.count) { FileWriting.writeAll(bytes, to: 2, waitingWhenFull: true) }
            }
            responder.succeed(encoding: EmptyResult())
        default:
            throw .methodNotFound(request.method)
        }
    }
}
