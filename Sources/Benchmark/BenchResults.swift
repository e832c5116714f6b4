import Glibc
import NavClient
import NavProtocol

/// Everything one run measured, as written to the JSON file.
struct BenchResults: Codable {
    struct Settings: Codable {
        var roundTrips: Int
        var warmup: Int
        var runs: Int
        var pushes: Int
        var pipelined: Int
        var cpuRequests: Int
        var stackDepths: [Int]
        var navhost: String
        var baselineBin: String?
        var baselineSource: String?
    }

    /// numerator / denominator for mean, p50 and p99 of two round-trip rows.
    struct Ratio: Codable {
        var name: String
        var numerator: Subject.Key
        var denominator: Subject.Key
        var mean: Double
        var p50: Double
        var p99: Double
    }

    var machine: MachineInfo
    var settings: Settings
    var roundTrips: [RoundTripBench.Row]
    var ratios: [Ratio]
    var hostCost: HostCost
    var push: PushBench.Results
    var throughput: [ThroughputBench.Row]
    var cpu: [CPUCostBench.Row]
    var memory: MemoryBench.Results
    var targets: [TargetCheck]
    /// Warnings about how far this run's figures can be trusted.
    var notes: [String]

    static func ratios(_ rows: [RoundTripBench.Row]) -> [Ratio] {
        let pairs: [(String, Subject.Key, Subject.Key)] = [
            ("navhost / C relay (both with screen-worker)", .navhost, .cRelayWorker),
            ("navhost / C relay + echo_worker", .navhost, .cRelayEcho),
            ("Node relay / navhost (both with screen-worker)", .nodeRelayWorker, .navhost),
            ("Node relay + echo_worker / navhost", .nodeRelayEcho, .navhost),
            ("C relay / one hop (echo_worker)", .cRelayEcho, .echo),
            ("navhost / one hop (screen-worker)", .navhost, .worker),
        ]
        return pairs.compactMap { name, top, bottom in
            guard let a = rows.first(where: { $0.key == top })?.median, let b = rows.first(where: { $0.key == bottom })?.median else { return nil }
            return Ratio(name: name, numerator: top, denominator: bottom, mean: a.mean / b.mean, p50: a.p50 / b.p50, p99: a.p99 / b.p99)
        }
    }

    /// The one-hop echo is the machine's floor: when it is far above the baseline README's
    /// 3-8 us, the scheduler (other load on the shared cores) is in every figure.
    static func notes(_ rows: [RoundTripBench.Row]) -> [String] {
        guard let echo = rows.first(where: { $0.key == .echo })?.median, echo.p50 > 10 else { return [] }
        return ["the one-hop echo took \(fixed(echo.p50)) us (p50) against ~3-8 us on an unloaded machine: "
            + "wake-up latency from other load dominates the round trips; compare CPU per request instead"]
    }

    func ratio(_ numerator: Subject.Key, _ denominator: Subject.Key) -> Ratio? {
        ratios.first { $0.numerator == numerator && $0.denominator == denominator }
    }

    func roundTrip(_ key: Subject.Key) -> LatencySummary? {
        roundTrips.first { $0.key == key }?.median
    }

    /// Writes the results as JSON, creating the file's directory.
    func write(to path: String) throws(BenchError) {
        let json: JSONValue
        do {
            json = try JSONValueEncoder().encode(self)
        } catch {
            throw .unexpected("cannot encode the results: \(error)")
        }
        if let slash = path.lastIndex(of: "/") { BenchResults.makeDirectories(String(path[..<slash])) }
        guard let file = fopen(path, "w") else { throw .unavailable("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        let bytes = json.serialized() + [UInt8(ascii: "\n")]
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw .unavailable("cannot write \(path)") }
    }

    static func makeDirectories(_ path: String) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            mkdir(prefix, 0o755)
        }
    }
}
