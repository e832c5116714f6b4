import UVKit

/// Pings each awake screen's worker every `--ping-interval` through the gateway, which resets a
/// worker that does not answer in time. Not while the client is not reading: a worker whose
/// answers navhost itself is not reading cannot answer.
final class WorkerPinger {
    private var timer: UVTimer?

    init(loop: UVLoop, navigator: Navigator, gateway: ScreenGateway, flow: FlowControl, intervalMilliseconds interval: UInt64) {
        guard interval > 0, let timer = try? UVTimer(loop: loop) else { return }
        self.timer = timer
        timer.start(after: interval, repeatEvery: interval) { [unowned navigator, unowned gateway, unowned flow] in
            guard !flow.isClientOutputBlocked else { return }
            for entry in navigator.entries { gateway.ping(entry) }
        }
        // Pinging alone must not keep the loop (and so navhost) alive.
        timer.unref()
    }
}
