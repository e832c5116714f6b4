import Glibc
import WorkerLaunch

/// Resource limits a worker sets on itself at start-up. navhost cannot set them for the child:
/// its spawn (`posix_spawn`) has no hook that runs before the exec, and setting them on navhost
/// would limit navhost too. So navhost passes them as arguments and the worker applies them
/// before it reads anything; a worker only ever lowers its own limits.
extension WorkerLimits {
    /// Applies each limit as both the soft and the hard limit; a failure is written to stderr
    /// under `program`'s name, and the worker goes on.
    func apply(as program: String) {
        for failure in apply() { FileHandleStderr.write("\(program): could not set the limit on \(failure)\n") }
    }

    /// Applies each limit; returns the ones that failed.
    func apply() -> [String] {
        var failures: [String] = []
        let limits: [(name: String, resource: __rlimit_resource_t, value: UInt64?)] = [
            ("open files", __rlimit_resource_t(RLIMIT_NOFILE.rawValue), openFiles),
            ("address space", __rlimit_resource_t(RLIMIT_AS.rawValue), addressSpaceBytes),
            ("CPU seconds", __rlimit_resource_t(RLIMIT_CPU.rawValue), cpuSeconds),
        ]
        for limit in limits {
            guard let value = limit.value else { continue }
            var current = rlimit()
            getrlimit(limit.resource, &current)
            // Never raise a hard limit (that would fail for an unprivileged worker anyway).
            let capped = min(rlim_t(value), current.rlim_max)
            var wanted = rlimit(rlim_cur: capped, rlim_max: capped)
            if setrlimit(limit.resource, &wanted) != 0 {
                failures.append("\(limit.name): \(String(cString: strerror(errno)))")
            }
        }
        return failures
    }
}
