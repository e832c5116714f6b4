import Glibc
import Testing
import UVKit

/// A stream's writes of one loop turn wait in the stream and go to the kernel together just
/// before the loop next waits for I/O, or as soon as 16 KiB wait.
@Suite struct WriteBatchingTests {
    /// A stream over one end of a socket pair, and the other end's raw descriptor; with
    /// `sendBuffer`, the stream's side takes only that much at once.
    private func socketPair(_ loop: UVLoop, sendBuffer: Int32? = nil) throws -> (UVPipe, Int32) {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        if var size = sendBuffer {
            setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        return (try UVPipe(loop: loop, fileDescriptor: fds[0]), fds[1])
    }

    private func readAvailable(_ fd: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &bytes, bytes.count, Int32(MSG_DONTWAIT))
        return count > 0 ? Array(bytes[0..<count]) : []
    }

    /// Everything the peer can read now, however many reads it takes.
    private func readAllAvailable(_ fd: Int32) -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let chunk = readAvailable(fd)
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    @Test func aTurnsWritesWaitUntilTheLoopWouldWaitThenLeaveInOrder() throws {
        let loop = UVLoop()
        let (stream, peer) = try socketPair(loop)
        defer { close(peer) }
        stream.write(Array("one ".utf8))
        stream.write(Array("two ".utf8))
        stream.write(Array("three".utf8))
        #expect(readAvailable(peer).isEmpty, "nothing leaves while the turn is still running")
        #expect(stream.pendingWriteBytes == 13, "waiting bytes count toward backpressure")
        loop.runNoWait()
        #expect(String(decoding: readAvailable(peer), as: UTF8.self) == "one two three")
        #expect(stream.pendingWriteBytes == 0)
        stream.close()
        loop.runNoWait()
    }

    /// A long turn (a pipelined burst) must not hold everything it writes to its end: the
    /// reader downstream would wait for the whole burst and the two sides would take turns.
    @Test func aLongTurnsBytesLeaveOnceAQuarterOfAPipeIsWaiting() throws {
        let loop = UVLoop()
        let (stream, peer) = try socketPair(loop)
        defer { close(peer) }
        let line = Array(repeating: UInt8(ascii: "x"), count: 399) + [UInt8(ascii: "\n")]
        var received = 0
        for written in 1...100 {
            stream.write(line)
            #expect(stream.pendingWriteBytes < 16 * 1024, "\(written * 400) bytes written in one turn")
            received += readAllAvailable(peer).count
        }
        #expect(received >= 100 * 400 - 16 * 1024, "the peer read the burst while the turn was still running")
        loop.runNoWait()
        received += readAllAvailable(peer).count
        #expect(received == 100 * 400)
        #expect(stream.pendingWriteBytes == 0)
        stream.close()
        loop.runNoWait()
    }

    /// Messages are serialized straight into the stream's buffer, which is kept from turn to
    /// turn; what the kernel did not take is queued as a copy, so the buffer can take the next
    /// turn's bytes. Each turn here writes more than the socket's buffer takes at once, and every
    /// byte still arrives once, in order.
    @Test func bytesWrittenInPlaceArriveInOrderTurnAfterTurnPastASlowPeer() throws {
        let loop = UVLoop()
        let (stream, peer) = try socketPair(loop, sendBuffer: 4096)
        defer { close(peer) }
        var expected: [UInt8] = []
        var received: [UInt8] = []
        for turn in 0..<10 {
            // More than the socket's buffer takes: the kernel takes part, the rest is queued.
            let line = Array("turn \(turn) ".utf8) + [UInt8](repeating: UInt8(ascii: "a") + UInt8(turn), count: 20_000) + [UInt8(ascii: "\n")]
            stream.write { $0 += line }
            stream.write(Array("after \(turn)\n".utf8))
            expected += line + Array("after \(turn)\n".utf8)
            #expect(loop.run(seconds: 5) {
                received += readAllAvailable(peer)
                return received.count >= expected.count
            })
        }
        #expect(received == expected)
        stream.close()
        loop.runNoWait()
    }

    @Test func waitingBytesKeepTheLoopRunningUntilTheyAreOut() throws {
        let loop = UVLoop()
        let (stream, peer) = try socketPair(loop)
        defer { close(peer) }
        stream.write(Array("last words".utf8))
        // No handle is reading: only the waiting bytes keep this loop alive, and it ends once they left.
        loop.run()
        #expect(String(decoding: readAvailable(peer), as: UTF8.self) == "last words")
        stream.close()
        loop.runNoWait()
    }

    @Test func closingAfterWritesOrAtOnceStillSendsTheTurnsBytes() throws {
        let loop = UVLoop()
        let (gentle, gentlePeer) = try socketPair(loop)
        let (abrupt, abruptPeer) = try socketPair(loop)
        defer { close(gentlePeer); close(abruptPeer) }
        gentle.write(Array("drained".utf8))
        var closed = false
        gentle.closeAfterWrites { closed = true }
        abrupt.write(Array("tried".utf8))
        abrupt.close()
        #expect(loop.run { closed })
        #expect(String(decoding: readAvailable(gentlePeer), as: UTF8.self) == "drained")
        #expect(String(decoding: readAvailable(abruptPeer), as: UTF8.self) == "tried")
    }

    @Test func aStreamThatDoesNotCoalesceWritesAtOnce() throws {
        let loop = UVLoop()
        let (stream, peer) = try socketPair(loop)
        defer { close(peer) }
        stream.coalescesWrites = false
        stream.write(Array("now".utf8))
        #expect(String(decoding: readAvailable(peer), as: UTF8.self) == "now")
        stream.close()
        loop.runNoWait()
    }
}
