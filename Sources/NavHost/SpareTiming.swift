/// When the next warm spare starts. Its start-up competes with whatever the client is waiting for:
/// the spawn blocks the loop until the child has exec'd, and the new worker's start and rehearsal
/// take ~10 ms of CPU on a machine whose other core is routing the client's requests. So the spare
/// waits for a pause in the client's work: no sooner than `delay` after it was wanted (a push's own
/// answers come first), once the client has had nothing unanswered and sent nothing for `quiet`,
/// and no later than `longestWait` for a client that never pauses (a script still gets warm
/// pushes).
struct SpareTiming {
    let delay: UInt64 = 50
    let quiet: UInt64 = 20
    let longestWait: UInt64 = 1_000

    /// How many milliseconds to wait before asking again, or nil to start the spare now. Times
    /// are the loop's (milliseconds): `wantedAt` when a spare was first wanted, `clientIdleSince`
    /// since when the client has been idle, nil while a request of its is unanswered.
    func wait(now: UInt64, wantedAt: UInt64, clientIdleSince: UInt64?) -> UInt64? {
        let waited = now > wantedAt ? now - wantedAt : 0
        if waited < delay { return delay - waited }
        if waited >= longestWait { return nil }
        let quietFor = clientIdleSince.map { now > $0 ? now - $0 : 0 } ?? 0
        if quietFor >= quiet { return nil }
        return min(quiet - quietFor, longestWait - waited)
    }
}
