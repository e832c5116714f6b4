import Foundation

struct Latency: Codable {
    var samples: Int
    var meanMicroseconds: Double
    var p50Microseconds: Double
    var p99Microseconds: Double

    init(_ timings: [Double]) {
        let sorted = timings.sorted()
        samples = sorted.count
        meanMicroseconds = sorted.reduce(0, +) / Double(max(1, sorted.count))
        p50Microseconds = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        p99Microseconds = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    }
}

struct WindowFigures: Codable {
    var point: String
    var offset: Int
    var latency: Latency
}

struct ListBenchResults: Codable {
    var users: Int
    var snapshot: String
    var snapshotBuildSeconds: Double?
    var snapshotBytes = 0
    var listLength = 0
    var windows: [WindowFigures] = []
    var search = Latency([])
    var workerRSSKiB = 0
    var workerRSSAfterSearchKiB = 0

    var table: String {
        func ms(_ value: Double) -> String { String(format: "%.2f ms", value / 1000) }
        var lines = [
            "navshell-list-bench: \(users) users, \(listLength) rows in the popular list",
            "snapshot: \(snapshotBuildSeconds.map { String(format: "built in %.1f s", $0) } ?? "reused"), \(snapshotBytes / 1_048_576) MiB",
            "",
            "what                                  samples   mean       p50        p99",
        ]
        for window in windows {
            lines.append(row("50-row window at \(window.point) (\(window.offset))", window.latency, ms))
        }
        lines.append(row("search (screen/query)", search, ms))
        lines.append("")
        lines.append("worker RSS with the \(listLength)-row list open: \(workerRSSKiB / 1024) MiB; after \(search.samples) searches: \(workerRSSAfterSearchKiB / 1024) MiB")
        return lines.joined(separator: "\n")
    }

    private func row(_ name: String, _ latency: Latency, _ ms: (Double) -> String) -> String {
        name.padding(toLength: 38, withPad: " ", startingAt: 0) + String(latency.samples).padding(toLength: 10, withPad: " ", startingAt: 0)
            + ms(latency.meanMicroseconds).padding(toLength: 11, withPad: " ", startingAt: 0)
            + ms(latency.p50Microseconds).padding(toLength: 11, withPad: " ", startingAt: 0) + ms(latency.p99Microseconds)
    }

    func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var microseconds: Double { seconds * 1e6 }
}
