import NavClient

/// What a host costs over the worker behind it, for each host measured with the same worker:
/// the round-trip time it adds to the worker alone (one hop), its CPU per request one at a
/// time, and its pipelined throughput. These are the figures the host-cost targets compare, host
/// against host, within one run.
struct HostCost: Codable {
    struct Host: Codable {
        var key: Subject.Key
        var name: String
        /// Round trip through the host minus the worker alone (one hop), in microseconds.
        var addedMean: Double?
        var addedP50: Double?
        /// CPU of the front process (the host) per request, one in flight, in microseconds.
        var cpuFront: Double?
        var requestsPerSecond: Double?
    }

    /// Hosts with the screen-worker behind them, and the C and Node relays with echo_worker.
    var hosts: [Host]

    static let withWorker: [(Subject.Key, String)] = [
        (.navhost, "navhost"), (.cRelayWorker, "C relay"), (.nodeRelayWorker, "Node relay"),
    ]
    static let withEcho: [(Subject.Key, String)] = [(.cRelayEcho, "C relay (echo_worker)"), (.nodeRelayEcho, "Node relay (echo_worker)")]

    init(roundTrips: [RoundTripBench.Row], cpu: [CPUCostBench.Row], throughput: [ThroughputBench.Row]) {
        func host(_ key: Subject.Key, _ name: String, over alone: Subject.Key) -> Host {
            let trip = roundTrips.first { $0.key == key }?.median
            let bare = roundTrips.first { $0.key == alone }?.median
            return Host(
                key: key, name: name,
                addedMean: trip.flatMap { trip in bare.map { trip.mean - $0.mean } },
                addedP50: trip.flatMap { trip in bare.map { trip.p50 - $0.p50 } },
                cpuFront: cpu.first { $0.key == key }?.cpu?.front,
                requestsPerSecond: throughput.first { $0.key == key }?.requestsPerSecond)
        }
        hosts = Self.withWorker.map { host($0.0, $0.1, over: .worker) } + Self.withEcho.map { host($0.0, $0.1, over: .echo) }
    }

    func host(_ key: Subject.Key) -> Host? { hosts.first { $0.key == key } }

    /// `numerator`'s figure over `denominator`'s; nil when either is missing or the
    /// denominator is not positive (an added latency can come out at or below zero in a noisy run).
    func ratio(_ figure: KeyPath<Host, Double?>, _ numerator: Subject.Key, _ denominator: Subject.Key) -> Double? {
        guard let top = host(numerator)?[keyPath: figure], let bottom = host(denominator)?[keyPath: figure], bottom > 0 else { return nil }
        return top / bottom
    }

    /// The host-cost targets (docs/performance.md, "What a host adds") against this run's figures.
    func targets() -> [TargetCheck] {
        let overC = ratio(\.addedMean, .navhost, .cRelayWorker)
        let overNode = ratio(\.addedMean, .navhost, .nodeRelayWorker)
        // The floor under the Node target: what the C relay, which parses nothing, adds over
        // what the Node relay adds in the same run. Where it is above a third, no host meets it.
        let floorOverNode = ratio(\.addedMean, .cRelayWorker, .nodeRelayWorker)
        let cpu = ratio(\.cpuFront, .navhost, .cRelayWorker)
        let throughput = ratio(\.requestsPerSecond, .navhost, .cRelayWorker)
        let added = { (key: Subject.Key) in fixed(host(key)?.addedMean) }
        return [
            TargetCheck(
                "latency navhost adds <= 1.5x the C relay's (same worker, mean)",
                "\(added(.navhost)) / \(added(.cRelayWorker)) us = \(fixed(overC, 2))x", met: overC.map { $0 <= 1.5 }),
            TargetCheck(
                "latency navhost adds <= 1/3 of the Node relay's (same worker, mean)",
                "\(added(.navhost)) / \(added(.nodeRelayWorker)) us = \(fixed(overNode, 2))x (the C relay's own: \(fixed(floorOverNode, 2))x)",
                met: overNode.map { $0 <= 1.0 / 3 }),
            TargetCheck(
                "host CPU per request, one in flight, <= 1.25x the C relay's",
                "\(fixed(host(.navhost)?.cpuFront)) / \(fixed(host(.cRelayWorker)?.cpuFront)) us = \(fixed(cpu, 2))x", met: cpu.map { $0 <= 1.25 }),
            TargetCheck(
                "pipelined throughput >= 0.9x the C relay's (same worker)",
                "\(fixed(host(.navhost)?.requestsPerSecond, 0)) / \(fixed(host(.cRelayWorker)?.requestsPerSecond, 0)) requests/s = \(fixed(throughput, 2))x",
                met: throughput.map { $0 >= 0.9 }),
        ]
    }
}
