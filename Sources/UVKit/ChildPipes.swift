import CUV
import Glibc

/// A child's standard streams as pipes, made before the spawn. libuv's `UV_CREATE_PIPE` makes
/// socket pairs: a pipe costs less per message (each write to a Unix socket allocates a
/// socket buffer; a pipe appends to its pages), which a host pays on both hops of every routed
/// request (docs/performance.md, "Pipes to the workers"); and a pipe's kernel buffer can be
/// raised without privileges, up to /proc/sys/fs/pipe-max-size (1 MiB by default).
struct ChildPipes {
    /// stdin, stdout, stderr: the child's end of each pipe (inherited), nil for /dev/null.
    private(set) var childEnds: [Int32?] = []

    /// Makes a pipe for each stream given and opens the parent's end in it, so a failure comes
    /// before anything is spawned. The parent's ends are the streams' from here on: closing a
    /// stream closes its end. `stdoutCapacity` sets the kernel buffer of the child's stdout.
    init(_ streams: [UVPipe?], stdoutCapacity: Int32?) throws(UVError) {
        for (index, stream) in streams.enumerated() {
            guard let stream else {
                childEnds.append(nil)
                continue
            }
            // Close-on-exec on both ends: no other child inherits them; the spawn dup2()s the
            // child's end onto 0, 1 or 2, which clears the flag there.
            var fds: [uv_file] = [-1, -1]
            let made = uv_pipe(&fds, 0, 0)
            guard made == 0 else {
                closeChildEnds()
                throw UVError(made)
            }
            let (readEnd, writeEnd) = (fds[0], fds[1])
            let isInput = index == 0
            let parentEnd = isInput ? writeEnd : readEnd
            childEnds.append(isInput ? readEnd : writeEnd)
            do {
                try stream.open(parentEnd)
            } catch {
                close(parentEnd)
                closeChildEnds()
                throw error
            }
            // Best effort: past the user's pipe-user-pages-soft the kernel refuses and the
            // default (64 KiB) stays, which is slower, never wrong.
            if index == 1, let stdoutCapacity { _ = cuv_set_pipe_capacity(writeEnd, stdoutCapacity) }
        }
    }

    /// After the spawn, spawned or not: the child's copies are its own, the parent's go.
    func closeChildEnds() {
        for case let end? in childEnds { close(end) }
    }
}
