import Glibc

/// What the figures were measured on.
struct MachineInfo: Codable {
    var processors: Int
    var cpuModel: String
    var memoryMiB: Int
    var kernel: String
    /// UTC, ISO 8601.
    var date: String
    /// The load average when the run started: other work on the machine moves the figures.
    var loadAverage: String

    static func current() -> MachineInfo {
        let cpuinfo = read("/proc/cpuinfo")
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { String($0.drop { $0 == " " }) } ?? "unknown"
        let memTotal = read("/proc/meminfo").split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
        let load = read("/proc/loadavg").split(separator: " ").prefix(3).joined(separator: " ")
        return MachineInfo(
            processors: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), cpuModel: model, memoryMiB: memTotal / 1024,
            kernel: "Linux \(release)", date: date, loadAverage: load)
    }

    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            text += buffer[0..<count]
        }
        return String(decoding: text, as: UTF8.self)
    }
}
