import HostOptions
import WorkerLaunch

extension ReliabilitySettings {
    func apply(to configuration: inout HostConfiguration) {
        configuration.enablesDebugMethods = enableDebugMethods
        configuration.maxRestarts = maxRestarts
        configuration.restartWindowMilliseconds = UInt64(restartWindow * 1000)
        configuration.pingIntervalMilliseconds = UInt64(pingInterval * 1000)
        configuration.clientOutputHighWaterBytes = clientOutputHighWater
        configuration.maxPendingInputBytes = maxPendingInput
        configuration.maxBatchEntries = maxBatch
        configuration.maxStackDepth = maxStackDepth
        configuration.workerLimits = WorkerLimits(
            openFiles: workerOpenFiles == 0 ? nil : workerOpenFiles,
            addressSpaceBytes: workerMemoryMb == 0 ? nil : workerMemoryMb << 20,
            cpuSeconds: workerCpuSeconds == 0 ? nil : workerCpuSeconds)
    }
}
