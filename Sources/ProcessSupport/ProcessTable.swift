import Glibc

/// Reads /proc to find a process's children: how tests prove no worker outlives its host.
public enum ProcessTable {
    /// Pids whose parent is `pid`, with their command names.
    public static func children(of pid: Int32) -> [(pid: Int32, command: String)] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var result: [(Int32, String)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let child = Int32(name), let stat = status(of: child), stat.parent == pid else { continue }
            result.append((child, stat.command))
        }
        return result
    }

    /// Whether a process exists and is not a zombie.
    public static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = status(of: pid) else { return false }
        return stat.state != "Z" && stat.state != "X"
    }

    /// The path of the executable a process runs (the target of /proc/PID/exe), or "" if unknown.
    public static func executablePath(of pid: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
        return String(decoding: buffer[0..<max(0, length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Resident set size in bytes, from /proc/PID/statm (its second field, in pages).
    public static func residentBytes(of pid: Int32) -> Int? {
        guard let line = firstLine(of: "/proc/\(pid)/statm") else { return nil }
        let fields = line.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// How many file descriptors a process has open: the entries of /proc/PID/fd.
    public static func openFileDescriptors(of pid: Int32) -> Int {
        guard let directory = opendir("/proc/\(pid)/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in raw.prefix(while: { $0 != 0 }) }
            if name.first != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }

    /// Every pid whose parent is `pid`, and theirs, recursively.
    public static func descendants(of pid: Int32) -> [Int32] {
        children(of: pid).flatMap { [$0.pid] + descendants(of: $0.pid) }
    }

    private static func firstLine(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a process is asleep (state S: waiting, e.g. on its input), not running or starting.
    public static func isSleeping(_ pid: Int32) -> Bool {
        status(of: pid)?.state == "S"
    }

    private static func status(of pid: Int32) -> (parent: Int32, command: String, state: Character)? {
        guard let line = firstLine(of: "/proc/\(pid)/stat") else { return nil }
        // Format: pid (comm) state ppid ...; comm may contain spaces and parentheses.
        guard let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
        let command = String(line[line.index(after: open)..<close])
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
        return (parent, command, state)
    }
}
