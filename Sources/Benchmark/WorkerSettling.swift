import Glibc
import NavClient

/// A host's workers, as the benchmark waits for them to settle between measurements.
enum WorkerSettling {
    /// The live children of `pid` (workers still exiting are reaped by then), by pid.
    static func workers(of pid: Int32) -> [Int32] {
        ProcessTable.children(of: pid).filter { ProcessTable.isAlive($0.pid) }.map(\.pid).sorted()
    }

    /// Waits until `pid` has exactly `count` workers and all of them sleep: popped ones gone,
    /// the spare up and done rehearsing, nothing half-way through a read.
    static func waitUntilIdle(_ pid: Int32, workers count: Int, timeout: Double, waitingFor what: String) throws(BenchError) {
        let deadline = Deadline(seconds: timeout)
        func settled() -> Bool {
            let alive = workers(of: pid)
            return alive.count == count && alive.allSatisfy { ProcessTable.isSleeping($0) }
        }
        // Twice in a row: a worker between two page faults can look asleep for an instant.
        while !(settled() && { usleep(2000); return settled() }()) {
            if deadline.hasPassed { throw .timedOut(what) }
            usleep(500)
        }
    }
}
