/// What a loop turn leaves for its end: run just before the loop next waits for I/O (libuv's
/// prepare phase), when every callback of the turn has run.
///
/// - **Writes, batched.** What a turn writes to a stream waits in the stream and goes to the
///   kernel in one `write(2)` here: nothing waits longer than the rest of the turn it was
///   written in, and a burst of pipelined answers costs one system call per stream instead of
///   one each. A stream hands its bytes over early once 16 KiB wait (`UVStream.write`), so a
///   long turn streams to the reader downstream instead of making it wait for the turn's end.
/// - **Reads, paced.** libuv reads a stream again within the same turn as long as each read
///   fills the buffer (up to 32 reads of 64 KiB), and every message read is handled before the
///   turn ends: navhost reading a client's pipelined burst handled all of it before it read any
///   of the worker's answers, and a worker whose output filled meanwhile had to wait until
///   then. A stream that paces its reads (`UVStream.pacesReads`: navhost's client input) stops
///   reading for the rest of the turn after a read that filled its buffer, and starts again
///   here: each turn reads at most one buffer from it, and the other streams in between.
///
/// - **Observers**, run after the turn's writes went to the kernel (`observe`): what they see
///   is the turn's outcome, and what they write goes to the kernel in this same pass, not at
///   the end of whatever turn comes next.
///
/// The prepare handle is referenced only while something waits for it, so waiting bytes and a
/// paced stream keep the loop running, and an idle turn end does not. It is the loop's one
/// prepare handle: libuv runs prepare handles newest first, so a second one would run before or
/// after this one depending on which was started first.
public final class TurnEnd {
    private let prepare: UVPrepare
    private var flushes: [UVStream] = []
    private var resumes: [UVStream] = []
    private var observers: [() -> Void] = []

    init(loop: UVLoop) throws(UVError) {
        prepare = try UVPrepare(loop: loop)
        prepare.start { [unowned self] in self.run() }
        prepare.unref()
    }

    /// Runs `observer` at the end of every turn, after the turn's writes were handed to the
    /// kernel; its own writes are handed over in the same pass. It does not keep the loop running.
    public func observe(_ observer: @escaping () -> Void) {
        observers.append(observer)
    }

    /// Hands `stream`'s batched bytes over at the turn's end. False once the loop closed its
    /// handles: the stream then writes at once.
    func flush(_ stream: UVStream) -> Bool {
        guard willRun() else { return false }
        flushes.append(stream)
        return true
    }

    /// Starts reading `stream` again at the turn's end. False once the loop closed its
    /// handles: the stream then reads on.
    func resume(_ stream: UVStream) -> Bool {
        guard willRun() else { return false }
        resumes.append(stream)
        return true
    }

    /// Keeps the loop running until the turn's end, unless the loop closed its handles.
    private func willRun() -> Bool {
        guard !prepare.isClosing else { return false }
        if flushes.isEmpty && resumes.isEmpty { prepare.ref() }
        return true
    }

    private func run() {
        handOver()
        guard !observers.isEmpty else { return }
        for index in observers.indices { observers[index]() }
        handOver()
    }

    private func handOver() {
        guard !flushes.isEmpty || !resumes.isEmpty else { return }
        // Nothing is paced while the loop is in its prepare phase (only a read paces), so the
        // list does not change under the loop.
        if !resumes.isEmpty {
            for stream in resumes { stream.resumeAfterPacing() }
            resumes.removeAll(keepingCapacity: true)
        }
        // By index: a flush may schedule a stream again (a drain handler that writes); it is
        // flushed in this same pass.
        var index = 0
        while index < flushes.count {
            flushes[index].flushBatch()
            index += 1
        }
        flushes.removeAll(keepingCapacity: true)
        prepare.unref()
    }
}
