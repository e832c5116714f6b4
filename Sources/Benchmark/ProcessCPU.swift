import Glibc
import NavClient

/// CPU time a process tree has used, from /proc/PID/task/*/schedstat (nanoseconds on a CPU).
/// Unlike wall-clock latency it does not depend on how fast a sleeping process is woken, which
/// on a shared virtual machine varies far more than the work itself.
struct ProcessCPU {
    /// The process the client talks to (a host, a relay, or a worker alone).
    var front: UInt64
    /// Its children (the workers), summed.
    var children: UInt64

    init(pid: Int32) {
        front = ProcessCPU.nanoseconds(pid: pid)
        children = ProcessTable.children(of: pid).reduce(0) { $0 + ProcessCPU.nanoseconds(pid: $1.pid) }
    }

    /// Microseconds per request between two snapshots, for the front process and its children.
    static func perRequest(from start: ProcessCPU, to end: ProcessCPU, requests: Int) -> CPUPerRequest {
        CPUPerRequest(
            front: microseconds(from: start.front, to: end.front, requests: requests),
            children: microseconds(from: start.children, to: end.children, requests: requests))
    }

    /// Microseconds per request between two readings of `nanoseconds(pid:)`.
    static func microseconds(from start: UInt64, to end: UInt64, requests: Int) -> Double {
        Double(end > start ? end - start : 0) / 1000 / Double(max(1, requests))
    }

    /// Every thread's run time, summed: node and libdispatch run threads besides the main one.
    static func nanoseconds(pid: Int32) -> UInt64 {
        guard let directory = opendir("/proc/\(pid)/task") else { return 0 }
        defer { closedir(directory) }
        var total: UInt64 = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int32(name) != nil else { continue }
            let text = MachineInfo.read("/proc/\(pid)/task/\(name)/schedstat")
            total += text.split(separator: " ").first.flatMap { UInt64($0) } ?? 0
        }
        return total
    }
}

/// CPU microseconds one request cost.
struct CPUPerRequest: Codable {
    var front: Double
    var children: Double
    /// The benchmark's own process, the client (pipelined runs): on two cores it competes with
    /// the host and the worker.
    var client: Double?
    var total: Double { front + children }
}
