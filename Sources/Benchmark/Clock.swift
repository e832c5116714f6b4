import Glibc

/// Monotonic time in microseconds.
func nowMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// A point in time after which a wait gives up.
struct Deadline {
    let end: Double

    init(seconds: Double) {
        end = nowMicroseconds() + seconds * 1e6
    }

    var hasPassed: Bool { nowMicroseconds() >= end }

    /// For poll(2): at least 0, at most Int32.max.
    var remainingMilliseconds: Int32 {
        let left = (end - nowMicroseconds()) / 1000
        return Int32(max(0, min(left.rounded(.up), Double(Int32.max))))
    }
}

/// Why a measurement could not be made; its text goes into the report instead of a figure.
enum BenchError: Error, CustomStringConvertible {
    case spawnFailed(String)
    case timedOut(String)
    case ended(String)
    case unexpected(String)
    case unavailable(String)

    var description: String {
        switch self {
        case .spawnFailed(let what): return "could not start \(what)"
        case .timedOut(let what): return "timed out waiting for \(what)"
        case .ended(let what): return what
        case .unexpected(let what): return "unexpected: \(what)"
        case .unavailable(let what): return what
        }
    }
}
