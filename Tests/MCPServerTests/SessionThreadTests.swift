import Foundation
import Glibc
import NavClient
import Testing

@testable import NavShellMCP

@Suite struct SessionThreadTests {
    struct Refused: Error, Equatable {}

    @Test func jobsRunInOrderOnOneThreadThatIsNotTheCallers() async throws {
        let thread = SessionThread(name: "test session")
        let caller = UInt(bitPattern: Int(bitPattern: pthread_self()))
        async let first = thread.run { (UInt(bitPattern: Int(bitPattern: pthread_self())), ContinuousClock.now) }
        let (firstThread, firstTime) = try await first
        let (secondThread, secondTime) = try await thread.run { (UInt(bitPattern: Int(bitPattern: pthread_self())), ContinuousClock.now) }
        #expect(firstThread == secondThread)
        #expect(firstThread != caller)
        #expect(firstTime < secondTime)
    }

    @Test func manyJobsQueuedAtOnceFromManyTasksEachRunExactlyOnce() async throws {
        let thread = SessionThread(name: "test session")
        let order = try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<200 { group.addTask { try await thread.run { number } } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(order.sorted() == Array(0..<200))
    }

    @Test func aJobsErrorReachesItsCaller() async throws {
        let thread = SessionThread(name: "test session")
        await #expect(throws: Refused.self) { try await thread.run { () throws -> Int in throw Refused() } }
        #expect(try await thread.run { 7 } == 7)
    }

    @Test func aCallStopKeepsItsFirstReason() {
        let stop = CallStop()
        #expect(stop.reason == nil)
        stop.stop("cancelled by the client")
        stop.stop("the server is closing")
        #expect(stop.reason == "cancelled by the client")
    }
}
