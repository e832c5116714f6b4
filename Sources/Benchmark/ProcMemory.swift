import Glibc

/// A process's memory as /proc reports it, in KiB.
struct ProcMemory: Codable {
    /// Resident set (VmRSS): shared library pages count in full in every process.
    var rssKiB: Int
    /// Peak resident set (VmHWM).
    var peakRssKiB: Int
    /// Proportional set (Pss from smaps_rollup): shared pages split among their users, so a sum
    /// over processes is what they cost together. Nil where the kernel has no smaps_rollup.
    var pssKiB: Int?

    init?(pid: Int32) {
        guard let status = ProcMemory.fields(path: "/proc/\(pid)/status"), let rss = status["VmRSS"] else { return nil }
        rssKiB = rss
        peakRssKiB = status["VmHWM"] ?? rss
        pssKiB = ProcMemory.fields(path: "/proc/\(pid)/smaps_rollup")?["Pss"]
    }

    /// "Name:   1234 kB" lines as name -> number.
    private static func fields(path: String) -> [String: Int]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var result: [String: Int] = [:]
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard words.count >= 2, words[0].hasSuffix(":"), let value = Int(words[1]) else { continue }
            result[String(words[0].dropLast())] = value
        }
        return result
    }
}

/// KiB as MiB for tables.
func mebibytes(_ kibibytes: Int) -> Double { Double(kibibytes) / 1024 }
