import NavClient

/// The results as terminal tables.
enum ReportPrinter {
    static func render(_ results: BenchResults) -> String {
        let machine = results.machine
        let settings = results.settings
        var sections = [
            "NavShell benchmark: \(machine.date), \(machine.processors) x \(machine.cpuModel), \(machine.memoryMiB) MiB, "
                + "\(machine.kernel), load \(machine.loadAverage)",
        ]
        var roundTrips = TextTable("round trip (us)", "mean", "p50", "p99", "runs")
        for row in results.roundTrips {
            let median = row.median
            roundTrips.add(row.name, fixed(median?.mean), fixed(median?.p50), fixed(median?.p99), "\(row.runs.count)x\(row.roundTripsPerRun)")
        }
        sections.append("Routed round trips (median of \(settings.runs) runs, each a fresh instance timed after \(settings.warmup) untimed round trips on it)\n"
            + roundTrips.render() + unavailable(results.roundTrips.map { ($0.name, $0.unavailable) }))
        var ratios = TextTable("ratio", "mean", "p50", "p99")
        for ratio in results.ratios {
            ratios.add(ratio.name, fixed(ratio.mean, 2), fixed(ratio.p50, 2), fixed(ratio.p99, 2))
        }
        sections.append(ratios.render())
        sections.append(push(results.push))
        var throughput = TextTable("pipelined", "requests", "seconds", "requests/s")
        for row in results.throughput {
            throughput.add(row.name, "\(row.requests)", fixed(row.medianSeconds, 3), fixed(row.requestsPerSecond, 0))
        }
        sections.append("Throughput, \(settings.pipelined) requests in flight (median of \(settings.runs) runs)\n" + throughput.render()
            + unavailable(results.throughput.map { ($0.name, $0.unavailable) }))
        sections.append(cpu(results))
        sections.append(hostCost(results.hostCost))
        sections.append(memory(results.memory))
        var targets = TextTable("target", "measured", "status")
        targets.textColumns = [0, 1, 2]
        for check in results.targets {
            targets.add(check.target, check.measured, check.status.rawValue)
        }
        sections.append(targets.render())
        sections += results.notes.map { "NOTE: \($0)" }
        return sections.joined(separator: "\n\n")
    }

    /// Each host's cost over the worker alone, and navhost's over the relays'.
    private static func hostCost(_ cost: HostCost) -> String {
        var table = TextTable("host, same worker behind", "added mean us", "added p50 us", "CPU us", "requests/s")
        for host in cost.hosts {
            table.add(host.name, fixed(host.addedMean), fixed(host.addedP50), fixed(host.cpuFront), fixed(host.requestsPerSecond, 0))
        }
        var ratios = TextTable("navhost over", "added mean", "added p50", "CPU", "throughput")
        for (key, name) in HostCost.withWorker.dropFirst() {
            ratios.add(
                name, fixed(cost.ratio(\.addedMean, .navhost, key), 2), fixed(cost.ratio(\.addedP50, .navhost, key), 2),
                fixed(cost.ratio(\.cpuFront, .navhost, key), 2), fixed(cost.ratio(\.requestsPerSecond, .navhost, key), 2))
        }
        return "What each host adds (round trip minus the worker alone; CPU of the host, one request in flight; pipelined throughput)\n"
            + table.render() + "\n\n" + ratios.render()
    }

    /// CPU per request: sequential (one in flight) and pipelined, front process and workers.
    private static func cpu(_ results: BenchResults) -> String {
        var table = TextTable("CPU per request (us)", "front", "workers", "total", "pipelined front", "workers", "total", "client")
        for row in results.cpu {
            let pipelined = results.throughput.first { $0.key == row.key }?.cpu
            table.add(
                row.name, fixed(row.cpu?.front), fixed(row.cpu?.children), fixed(row.cpu?.total),
                fixed(pipelined?.front), fixed(pipelined?.children), fixed(pipelined?.total), fixed(pipelined?.client))
        }
        let note = "CPU time per request from /proc/*/task/*/schedstat (front = the process the client talks to; "
            + "sequential: \(results.settings.cpuRequests) requests one at a time, median of \(results.settings.runs) runs; "
            + "client = this benchmark reading the pipelined answers)"
        return note + "\n" + table.render() + unavailable(results.cpu.map { ($0.name, $0.unavailable) })
    }

    /// "name: why" lines under a table for the rows that could not be measured.
    private static func unavailable(_ rows: [(String, String?)]) -> String {
        rows.compactMap { name, reason in reason.map { "\n  unavailable: \(name): \($0)" } }.joined()
    }

    private static func push(_ push: PushBench.Results) -> String {
        if let reason = push.unavailable { return "Push latency: unavailable: \(reason)" }
        var table = TextTable("push / startup (ms)", "mean", "p50", "p99")
        let rows: [(String, LatencySummary?)] = [
            ("cold push: select -> first rows", push.coldPush),
            ("  of which select -> reply", push.coldSelectOnly),
            ("warm push (spare worker): select -> first rows", push.warmPush),
            ("  of which select -> reply", push.warmSelectOnly),
            ("cold push, first rows in the answer (select {rows})", push.coldPushRowsInAnswer),
            ("warm push, first rows in the answer (select {rows})", push.warmPushRowsInAnswer),
            ("warm push one screen deeper: select -> first rows", push.warmPushDeeper),
            ("warm push, 50-row first page (select {rows}, \(push.fullPageRow ?? "-"))", push.warmPushFullPage),
            ("bare worker: spawn -> worker/open answered", push.bareStartup),
            ("bare worker: spawn -> open -> first rows", push.bareStartupAndRows),
            ("screen-worker --help: exec -> exit", push.workerHelp),
            ("navhost start: spawn -> initialize answered", push.hostStart),
            ("action: perform -> its screen/didUpdate (snapshot, star/unstar)", push.actionUpdate),
            ("action: perform -> its answer", push.actionAnswer),
        ]
        for (name, figures) in rows {
            table.add(name, fixed(figures?.mean.milliseconds, 2), fixed(figures?.p50.milliseconds, 2), fixed(figures?.p99.milliseconds, 2))
        }
        return "Push latency (\(push.pushes) pushes of \(push.selectedRow), popped in between)\n" + table.render()
    }

    private static func memory(_ memory: MemoryBench.Results) -> String {
        var table = TextTable("process (MiB)", "RSS", "peak RSS", "PSS")
        func add(_ name: String, _ value: ProcMemory?) {
            guard let value else { return table.add(name, "-", "-", "-") }
            table.add(name, fixed(mebibytes(value.rssKiB)), fixed(mebibytes(value.peakRssKiB)), fixed(value.pssKiB.map(mebibytes)))
        }
        add("navhost, idle (root screen open)", memory.hostIdle)
        add("root worker (users), idle", memory.rootWorkerIdle)
        add("screen-worker, no screen", memory.workerNoScreen)
        add("screen-worker, repositories open", memory.workerRepositoriesOpen)
        for (name, value) in memory.baselines.sorted(by: { $0.key < $1.key }) { add(name, value) }
        var stacks = TextTable("stack", "host RSS", "worker RSS min/med/max", "total RSS", "total PSS", "build s")
        for stack in memory.stacks {
            stacks.add(
                "\(stack.depth) deep, \(stack.workers) workers", fixed(mebibytes(stack.host.rssKiB)),
                "\(fixed(mebibytes(stack.workerRssMinKiB)))/\(fixed(mebibytes(stack.workerRssMedianKiB)))/\(fixed(mebibytes(stack.workerRssMaxKiB)))",
                fixed(mebibytes(stack.totalRssKiB)), fixed(stack.totalPssKiB.map(mebibytes)), fixed(stack.secondsToBuild, 2))
        }
        let problems = memory.unavailable.isEmpty ? "" : "\nunavailable: " + memory.unavailable.joined(separator: "; ")
        return "Memory\n" + table.render() + "\n\n" + stacks.render() + problems
    }
}
