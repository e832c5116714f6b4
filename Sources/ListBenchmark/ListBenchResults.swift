import Foundation
import NavClient

/// A set of timings in microseconds: how many, and their summary (none for no samples).
struct Latency: Codable {
    var samples: Int
    var microseconds: LatencySummary?

    init(_ timings: [Double]) {
        samples = timings.count
        microseconds = LatencySummary(samples: timings)
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
        func ms(_ value: Double?) -> String { value.map { String(format: "%.2f ms", $0 / 1000) } ?? "-" }
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

    private func row(_ name: String, _ latency: Latency, _ ms: (Double?) -> String) -> String {
        name.padding(toLength: 38, withPad: " ", startingAt: 0) + String(latency.samples).padding(toLength: 10, withPad: " ", startingAt: 0)
            + ms(latency.microseconds?.mean).padding(toLength: 11, withPad: " ", startingAt: 0)
            + ms(latency.microseconds?.p50).padding(toLength: 11, withPad: " ", startingAt: 0) + ms(latency.microseconds?.p99)
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
