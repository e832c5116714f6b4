import NavProtocol
import Transport

/// Backpressure both ways, so navhost's memory stays bounded whatever its peers do and nothing
/// is dropped: while more than a bound waits to be written to the client, navhost stops reading
/// every worker (their output waits in the pipes, then in the workers, which stop reading in
/// turn); while any worker has more than a bound waiting to be written to it, navhost stops
/// reading the client.
final class FlowControl {
    private unowned let host: Host
    private(set) var isClientOutputBlocked = false
    private var blockedWorkerInputs: Set<ObjectIdentifier> = []

    init(host: Host) {
        self.host = host
        host.client.writeHighWaterBytes = host.configuration.clientOutputHighWaterBytes
        host.client.onWriteBackpressure = { [unowned self] blocked in self.clientOutput(blocked: blocked) }
        host.spawner.onSpawn = { [unowned self] worker in self.watch(worker) }
    }

    private func clientOutput(blocked: Bool) {
        isClientOutputBlocked = blocked
        host.log.debug(blocked ? "client is not reading: pausing reads from workers" : "client caught up: reading workers again")
        for worker in host.spawner.liveWorkers {
            if blocked { worker.connection.pauseReading() } else { worker.connection.resumeReading() }
        }
    }

    private func watch(_ worker: WorkerProcess) {
        let connection = worker.connection
        connection.writeHighWaterBytes = host.configuration.workerInputHighWaterBytes
        if isClientOutputBlocked { connection.pauseReading() }
        let id = ObjectIdentifier(connection)
        connection.onWriteBackpressure = { [unowned self] blocked in self.workerInput(id, blocked: blocked) }
        connection.onClose = { [unowned self] _ in self.workerInput(id, blocked: false) }
    }

    private func workerInput(_ id: ObjectIdentifier, blocked: Bool) {
        if blocked { blockedWorkerInputs.insert(id) } else { blockedWorkerInputs.remove(id) }
        if blockedWorkerInputs.isEmpty { host.client.resumeReading() } else { host.client.pauseReading() }
    }
}
