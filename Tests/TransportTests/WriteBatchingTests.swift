import Glibc
import Testing
import UVKit

/// A stream's writes of one loop turn wait in the stream and go to the kernel together just
/// before the loop next waits for I/O.
@Suite struct WriteBatchingTests {
    /// A stream over one end of a socket pair, and the other end's raw descriptor.
    private func socketPair(_ loop: UVLoop) throws -> (UVPipe, Int32) {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        return (try UVPipe(loop: loop, fileDescriptor: fds[0]), fds[1])
    }

    private func readAvailable(_ fd: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &bytes, bytes.count, Int32(MSG_DONTWAIT))
        return count > 0 ? Array(bytes[0..<count]) : []
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
