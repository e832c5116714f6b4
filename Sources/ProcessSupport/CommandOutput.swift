import Glibc

/// Runs a command to its end and returns what it wrote on stdout: for the one short query navhost
/// makes of its worker binary at start-up (`screen-worker kinds`), before its loop runs.
public enum CommandOutput {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// - Throws: `Failure` when the command cannot start or does not exit with status 0.
    public static func run(_ executable: String, _ arguments: [String]) throws(Failure) -> [UInt8] {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        // Neither end leaks into the child beyond its stdout (dup2 clears the flag on fd 1).
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { throw Failure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
            if count > 0 { output += buffer[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return output
    }
}
