import Glibc
import Testing
import UVKit

/// A stream that paces its reads (`pacesReads`, navhost's client input) and has more waiting
/// than one read buffer (64 KiB) is read one buffer per loop turn, so a burst on it does not
/// keep the loop from the others.
@Suite struct ReadPacingTests {
    /// A stream over one end of a socket pair whose other end can queue `bytes` at once.
    private func loadedPair(_ loop: UVLoop, bytes: Int) throws -> (UVPipe, Int32) {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        var size = Int32(4 << 20)
        setsockopt(fds[1], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let payload = [UInt8](repeating: UInt8(ascii: "x"), count: bytes)
        let written = payload.withUnsafeBytes { send(fds[1], $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        try #require(written == bytes, "the test needs the whole burst queued at once")
        return (try UVPipe(loop: loop, fileDescriptor: fds[0]), fds[1])
    }

    @Test func aBurstIsReadOneBufferPerTurnWhileAQuietStreamIsReadBetween() throws {
        let loop = UVLoop()
        let (busy, busyPeer) = try loadedPair(loop, bytes: 256 * 1024)
        let (quiet, quietPeer) = try loadedPair(loop, bytes: 5)
        defer { close(busyPeer); close(quietPeer) }
        busy.pacesReads = true
        // Each turn runs the prepare phase once, before the loop waits.
        let turns = try UVPrepare(loop: loop)
        var turn = 0
        turns.start { turn += 1 }
        turns.unref()
        // Every read, in the order the loop made them.
        var reads = 0
        var busyReads: [(turn: Int, count: Int, order: Int)] = []
        var quietOrder: Int?
        busy.onRead = { reads += 1; busyReads.append((turn, $0.count, reads)) }
        quiet.onRead = { _ in reads += 1; quietOrder = reads }
        try busy.startReading()
        try quiet.startReading()
        while busyReads.map(\.count).reduce(0, +) < 256 * 1024 { loop.runOnce() }
        #expect(busyReads.map(\.count).reduce(0, +) == 256 * 1024)
        let fullReads = busyReads.filter { $0.count == 64 * 1024 }
        #expect(fullReads.count == 4)
        #expect(Set(fullReads.map(\.turn)).count == fullReads.count, "two full reads in one turn: \(busyReads)")
        // libuv reads the burst first (its stream started reading first): paced, it yields after
        // one buffer, and the quiet stream is read before the burst's second.
        let quietAt = try #require(quietOrder)
        #expect(fullReads.count > 1 && quietAt < fullReads[1].order, "the quiet stream waited for the burst: read \(quietAt), burst \(busyReads)")
        for handle in [busy, quiet] { handle.close() }
        turns.close()
        loop.runNoWait()
    }

    /// A stream its owner stops while it is paced (after a full read, before the loop's next
    /// wait) stays stopped; started again, it reads on.
    @Test func theOwnersStopOutlastsThePacing() throws {
        let loop = UVLoop()
        let (stream, peer) = try loadedPair(loop, bytes: 192 * 1024)
        defer { close(peer) }
        stream.pacesReads = true
        var received = 0
        stream.onRead = { received += $0.count }
        try stream.startReading()
        while received == 0 { loop.runNoWait() }
        #expect(received == 64 * 1024, "one buffer in the first turn")
        stream.stopReading()
        for _ in 0..<5 { loop.runNoWait() }
        #expect(received == 64 * 1024, "read on after its owner stopped it")
        try stream.startReading()
        while received < 192 * 1024 { loop.runOnce() }
        #expect(received == 192 * 1024)
        stream.close()
        loop.runNoWait()
    }
}
