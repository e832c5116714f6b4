/// One of the benchmark's targets against this run's figures. Informational only: the benchmark
/// never fails on a number.
struct TargetCheck: Codable {
    enum Status: String, Codable {
        case met, notMet = "not met", notMeasured = "not measured"
    }

    var target: String
    var measured: String
    var status: Status

    init(_ target: String, _ measured: String, _ status: Status) {
        self.target = target
        self.measured = measured
        self.status = status
    }

    init(_ target: String, _ measured: String, met: Bool?) {
        self.init(target, measured, met.map { $0 ? .met : .notMet } ?? .notMeasured)
    }

    static func evaluate(_ results: BenchResults) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for (denominator, label) in [(Subject.Key.cRelayWorker, "same worker"), (.cRelayEcho, "C relay + echo_worker")] {
            let ratio = results.ratio(.navhost, denominator)
            checks.append(TargetCheck(
                "routed round trip <= 1.5x C relay (\(label), mean)",
                ratio.map { "\(fixed($0.mean, 2))x (p50 \(fixed($0.p50, 2))x)" } ?? "-", met: ratio.map { $0.mean <= 1.5 }))
        }
        for (numerator, label) in [(Subject.Key.nodeRelayWorker, "same worker"), (.nodeRelayEcho, "Node relay + echo_worker")] {
            let ratio = results.ratio(numerator, .navhost)
            checks.append(TargetCheck(
                ">= 2x faster than Node relay (\(label), mean)",
                ratio.map { "Node is \(fixed($0.mean, 2))x navhost (p50 \(fixed($0.p50, 2))x)" } ?? "-", met: ratio.map { $0.mean >= 2 }))
        }
        let roundTrip = results.roundTrip(.navhost)
        let push = results.push.coldPush
        let pushInRoundTrips = push.flatMap { push in roundTrip.map { push.mean / $0.mean } }
        // The protocol's quickest way to a pushed screen's first rows: select {rows}.
        let warm = results.push.warmPushRowsInAnswer ?? results.push.warmPush
        let warmInRoundTrips = warm.flatMap { push in roundTrip.map { push.mean / $0.mean } }
        let twoStep = results.push.warmPush.flatMap { push in roundTrip.map { push.mean / $0.mean } }
        checks.append(TargetCheck(
            "warm push <= 3 routed round trips (select {rows}, mean)",
            "\(fixed(warm?.mean.milliseconds, 2)) ms = \(fixed(warmInRoundTrips, 1)) round trips (select, then rows: \(fixed(twoStep, 1)); cold: \(fixed(pushInRoundTrips, 0)))",
            met: warmInRoundTrips.map { $0 <= 3 }))
        let bare = results.push.bareStartup
        let coldRatio = push.flatMap { push in bare.map { push.mean / $0.mean } }
        checks.append(TargetCheck(
            "cold push <= 1.5x bare worker startup (spawn -> worker/open answered, mean)",
            "\(fixed(push?.mean.milliseconds, 2)) ms / \(fixed(bare?.mean.milliseconds, 2)) ms = \(fixed(coldRatio, 2))x",
            met: coldRatio.map { $0 <= 1.5 }))
        let action = results.push.actionUpdate
        checks.append(TargetCheck(
            "an action's update reaches the client <= 16 ms after screen/perform (snapshot, p99)",
            "\(fixed(action?.p99.milliseconds, 2)) ms (mean \(fixed(action?.mean.milliseconds, 2)) ms)", met: action.map { $0.p99 <= 16_000 }))
        let memory = results.memory
        let hosts = [("idle", memory.hostIdle?.rssKiB)] + memory.stacks.map { ("\($0.depth) deep", Optional($0.host.rssKiB)) }
        let hostSizes = hosts.compactMap(\.1)
        checks.append(TargetCheck(
            "host RSS < 16 MiB (largest seen)",
            hosts.map { "\($0.0) \(fixed($0.1.map(mebibytes)))" }.joined(separator: ", ") + " MiB",
            met: hostSizes.max().map { $0 < 16 * 1024 }))
        let idleWorker = memory.rootWorkerIdle?.rssKiB
        let stackWorker = memory.stacks.map(\.workerRssMaxKiB).max()
        let workers = [idleWorker, stackWorker].compactMap { $0 }
        checks.append(TargetCheck(
            "each idle worker RSS < 24 MiB",
            "root \(fixed(idleWorker.map(mebibytes))) MiB, largest in stack \(fixed(stackWorker.map(mebibytes))) MiB",
            met: workers.max().map { $0 < 24 * 1024 }))
        checks.append(deepStack(memory))
        return checks + results.hostCost.targets()
    }

    private static func deepStack(_ memory: MemoryBench.Results) -> TargetCheck {
        let target = "200-deep stack < 300 MiB total"
        if let stack = memory.stacks.first(where: { $0.depth == 200 }) {
            let pss = stack.totalPssKiB.map { ", PSS sum \(fixed(mebibytes($0))) MiB" } ?? ""
            return TargetCheck(target, "RSS sum \(fixed(mebibytes(stack.totalRssKiB))) MiB\(pss)", met: stack.totalRssKiB < 300 * 1024)
        }
        guard let stack = memory.stacks.max(by: { $0.depth < $1.depth }) else { return TargetCheck(target, "-", .notMeasured) }
        let estimate = stack.host.rssKiB + 200 * stack.workerRssMedianKiB
        return TargetCheck(
            target, "run with --stack-depths 20,200; from depth \(stack.depth): ~\(fixed(mebibytes(estimate), 0)) MiB RSS (host + 200 median workers)",
            .notMeasured)
    }
}

extension Double {
    var milliseconds: Double { self / 1000 }
}
