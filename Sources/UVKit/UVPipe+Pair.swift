import CUV
import Glibc

extension UVPipe {
    /// Both ends of a new pipe inside this process, each a libuv pipe on `loop`: what is written
    /// to `writer` is read from `reader`, as between navhost and a worker (a rehearsing spare
    /// talks to itself through two). Closing each pipe closes its end.
    public static func pair(loop: UVLoop) throws(UVError) -> (reader: UVPipe, writer: UVPipe) {
        var fds: [uv_file] = [-1, -1]
        let made = uv_pipe(&fds, 0, 0)
        guard made == 0 else { throw UVError(made) }
        let reader: UVPipe
        do {
            reader = try UVPipe(loop: loop, fileDescriptor: fds[0])
        } catch {
            fds.forEach { _ = Glibc.close($0) }
            throw error
        }
        do {
            return (reader, try UVPipe(loop: loop, fileDescriptor: fds[1]))
        } catch {
            reader.close()
            _ = Glibc.close(fds[1])
            throw error
        }
    }
}
