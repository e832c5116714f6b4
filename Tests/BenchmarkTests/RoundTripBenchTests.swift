import Glibc
import Testing
@testable import Benchmark

/// A run's round trips are timed on the instance its warm-up warmed: a Node relay measured on a
/// fresh process would be timed while V8 still compiles it.
@Suite struct RoundTripBenchTests {
    /// A subject that answers every line after a notification, its result the line's number, and
    /// writes how many lines it read to `countFile` when its input ends.
    private func countingSubject(countFile: String) -> Subject {
        // sh's read takes a pipe byte by byte, so each line is answered as it comes (awk would
        // wait for a block of input).
        let script = #"""
            n=0
            while IFS= read -r line; do
              n=$((n+1))
              printf '{"jsonrpc":"2.0","method":"note"}\n{"jsonrpc":"2.0","id":1,"result":%d}\n' "$n"
            done
            echo "$n" > "$1"
            """#
        return Subject(
            key: .worker, name: "counting", unavailable: nil, command: ["/bin/sh", "-c", script, "counting", countFile],
            initLine: nil, method: "ping", params: "{}")
    }

    @Test func theWarmUpAndTheTimedRoundTripsGoToOneInstance() throws {
        let countFile = "/tmp/navshell-roundtrip-test-\(getpid()).txt"
        defer { unlink(countFile) }
        let paths = BenchPaths(
            navhost: "navhost", screenWorker: "screen-worker", baselineBin: nil, baselineSource: nil, node: nil, stderrLog: "/dev/null")
        let bench = RoundTripBench(paths: paths, roundTrips: 5, warmup: 3, runs: 1, timeout: 10)
        let summary = try bench.measure(countingSubject(countFile: countFile))
        #expect(summary.mean > 0)
        #expect(summary.p50 <= summary.p99)
        // measure() waited for the subject to exit, so it has written its count.
        let descriptor = open(countFile, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &bytes, bytes.count)
        #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "8\n")  // 3 warm-up + 5 timed
    }

    @Test func eachTimedRoundTripWaitsForItsReplyPastNotifications() throws {
        let countFile = "/tmp/navshell-roundtrip-test-\(getpid())-peer.txt"
        defer { unlink(countFile) }
        let peer = try countingSubject(countFile: countFile).start(stderrLog: "/dev/null", timeout: 10)
        let latencies = try peer.timedRoundTrips("ping", "{}", count: 4)
        #expect(latencies.count == 4)
        #expect(latencies.allSatisfy { $0 > 0 })
        // Each timed round trip read up to its own reply: the next call gets the fifth line's.
        #expect(try peer.request("ping", "{}") == .int(5))
        peer.finish()
    }
}
