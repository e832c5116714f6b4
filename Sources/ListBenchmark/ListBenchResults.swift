import Foundation
import NavClient

/// A set of timings in microseconds: how many, their summary and the slowest (none for no samples).
struct Latency: Codable {
    var samples: Int
    var microseconds: LatencySummary?
    var maxMicroseconds: Double?

    init(_ timings: [Double]) {
        samples = timings.count
        microseconds = LatencySummary(samples: timings)
        maxMicroseconds = timings.max()
    }
}

struct WindowFigures: Codable {
    var point: String
    /// Where the point's windows start from; nil for jumps anywhere.
    var offset: Int?
    var latency: Latency

    var label: String { "window at \(point) (\(offset.map(String.init) ?? "jumps"))" }
}

struct ListBenchResults: Codable {
    var users: Int
    var snapshot: String
    var snapshotBuildSeconds: Double?
    var snapshotBytes = 0
    var listLength = 0
    /// Windows and open time with the whole file in the page cache.
    var openMilliseconds = 0.0
    var windows: [WindowFigures] = []
    /// The same with the file dropped from the page cache first (nil, empty: not measured).
    var residentBytesWhenCold: Int?
    var coldOpenMilliseconds: Double?
    var coldWindows: [WindowFigures] = []
    var search = Latency([])
    var workerRSSKiB = 0
    var workerRSSAfterSearchKiB = 0
    /// The large repository's lists, warm (empty: not measured).
    var largeRepository: [RepositoryListFigures] = []

    var table: String {
        func ms(_ value: Double?) -> String { value.map { String(format: "%.2f ms", $0 / 1000) } ?? "-" }
        var lines = [
            "navshell-list-bench: \(users) users, \(listLength) rows in the popular list",
            "snapshot: \(snapshotBuildSeconds.map { String(format: "built in %.1f s", $0) } ?? "reused"), \(snapshotBytes / 1_048_576) MiB",
            "",
            "what                                  samples   mean       p50        p99        max",
        ]
        if let coldOpen = coldOpenMilliseconds {
            let resident = residentBytesWhenCold.map { "\($0 / 1024) KiB" } ?? "unknown"
            lines.append(String(format: "cold (the file dropped from the page cache before each point; resident after the first drop: %@): open %.1f ms", resident, coldOpen))
            for window in coldWindows {
                lines.append(row("  \(window.label), cold", window.latency, ms))
            }
        }
        lines.append(String(format: "warm (the whole file in the page cache): open %.1f ms", openMilliseconds))
        for window in windows {
            lines.append(row("  \(window.label)", window.latency, ms))
        }
        lines.append(row("  search (screen/query)", search, ms))
        lines.append("")
        lines.append("worker RSS with the \(listLength)-row list open: \(workerRSSKiB / 1024) MiB; after \(search.samples) searches: \(workerRSSAfterSearchKiB / 1024) MiB")
        for list in largeRepository {
            lines.append("")
            lines.append(String(format: "github/docs %@ (every state), warm: pushed in %.1f ms, %d in the list", list.kind, list.pushMilliseconds, list.rowsRead))
            lines.append(row("  windows read forward", list.windows, ms))
            lines.append(row("  search (screen/query)", list.search, ms))
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ name: String, _ latency: Latency, _ ms: (Double?) -> String) -> String {
        name.padding(toLength: 38, withPad: " ", startingAt: 0) + String(latency.samples).padding(toLength: 10, withPad: " ", startingAt: 0)
            + ms(latency.microseconds?.mean).padding(toLength: 11, withPad: " ", startingAt: 0)
            + ms(latency.microseconds?.p50).padding(toLength: 11, withPad: " ", startingAt: 0)
            + ms(latency.microseconds?.p99).padding(toLength: 11, withPad: " ", startingAt: 0) + ms(latency.maxMicroseconds)
    }

    func write(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((JSONValueEncoder().encode(self).prettyPrinted() + "\n").utf8).write(to: url)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var microseconds: Double { seconds * 1e6 }
}
