import Testing
import UVKit

@testable import NavHost

/// Starting a worker makes three pipes; when one cannot be made, the ones made before it are
/// closed, not left open on the loop.
@Suite struct SpawningStarterTests {
    private struct NoMorePipes: Error {}

    @Test(arguments: [1, 2]) func aPipeThatCannotBeMadeClosesThoseMadeBefore(made count: Int) throws {
        let loop = UVLoop()
        defer { loop.close() }
        var pipes: [UVPipe] = []
        var starter = SpawningStarter()
        starter.makePipe = { loop in
            guard pipes.count < count else { throw NoMorePipes() }
            let pipe = try UVPipe(loop: loop)
            pipes.append(pipe)
            return pipe
        }
        let command = WorkerCommandLine(executable: "/bin/true", arguments: [], environment: [])
        #expect(throws: NoMorePipes.self) { _ = try starter.start(command, loop: loop) { _ in } }
        #expect(pipes.count == count)
        #expect(pipes.allSatisfy { $0.isClosing }, "every pipe made before the failure is closed")
    }
}
