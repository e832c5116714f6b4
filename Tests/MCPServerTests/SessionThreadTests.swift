import Foundation
import Glibc
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

    @Test func aJobsErrorReachesItsCaller() async throws {
        let thread = SessionThread(name: "test session")
        await #expect(throws: Refused.self) { try await thread.run { () throws -> Int in throw Refused() } }
        #expect(try await thread.run { 7 } == 7)
    }

    @Test func aCallControlStopsOnceAndStaysStopped() {
        let control = CallControl()
        #expect(!control.isStopped)
        control.stop()
        control.stop()
        #expect(control.isStopped)
        #expect(control.onWait == nil)
    }
}
