import NavProtocol
import Transport

/// Backpressure from the client, so navhost's memory stays bounded whatever the client does and
/// nothing is dropped: while more than a bound waits to be written to the client, navhost stops
/// reading every worker (their output waits in the pipes, then in the workers, which stop
/// reading in turn). The other direction is bounded by the client connection itself: navhost
/// keeps reading the client's requests until those not yet answered and the answers not yet
/// written cost more than `--max-pending-input` (`RPCConnection.pendingInputLimitBytes`), so a
/// client that writes a burst before reading any answer is never left blocked in write().
final class FlowControl {
    private let spawner: WorkerSpawner
    private let log: Log
    private(set) var isClientOutputBlocked = false

    init(client: RPCConnection, spawner: WorkerSpawner, events: WorkerEvents, configuration: HostConfiguration, log: Log) {
        self.spawner = spawner
        self.log = log
        client.writeHighWaterBytes = configuration.settings.clientOutputHighWater
        client.onWriteBackpressure = { [unowned self] blocked in self.clientOutput(blocked: blocked) }
        events.observeSpawns { [unowned self] worker in
            if self.isClientOutputBlocked { worker.connection.pauseReading() }
        }
    }

    private func clientOutput(blocked: Bool) {
        isClientOutputBlocked = blocked
        log.debug(blocked ? "client is not reading: pausing reads from workers" : "client caught up: reading workers again")
        // The warm spare too: one paused while the client was not reading and never resumed
        // would hold the push that takes it for good (its answers unread, its timeouts stopped).
        // A worker being stopped is read throughout (`WorkerProcess.stop`): what it still sends
        // is its answer to shutdown, not output for the client.
        for worker in spawner.allWorkers where !worker.isStopping {
            if blocked { worker.connection.pauseReading() } else { worker.connection.resumeReading() }
        }
    }
}
