import HostOptions
import Testing
import WorkerLaunch

/// An option navhost passes on is declared once (Sources/HostOptions/options.json): navhost reads
/// it, writes it on the worker's command line under the same name, and the worker reads the same
/// value back.
@Suite struct PassedOptionsTests {
    /// A value other than the default for each option navhost passes on; nil for a flag.
    static let values: [String: String?] = [
        "worker-open-files": "64", "worker-memory-mb": "1024", "worker-cpu-seconds": "60", "data": "/tmp/snapshot.sqlite",
        "source": "github", "api-url": "http://127.0.0.1:9", "cache": "/tmp/cache.sqlite", "allow-writes": nil,
        "state": "/tmp/state.sqlite", "per-page": "100", "cache-bytes": "1048576", "query-debounce": "120", "log-level": "debug",
        "enable-debug-methods": nil,
    ]

    /// A value's description by property name.
    static func properties(of value: Any) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: value).children.map { ($0.label ?? "", String(describing: $0.value)) })
    }

    @Test func everyOptionNavhostPassesOnReachesTheWorkerWithItsValue() throws {
        let passed = WorkerFlag.all.filter { HostFlag.all.contains($0) }
        #expect(Set(passed) == Set(Self.values.keys), "a value for each option navhost passes on, and for nothing else")
        let hostArguments = passed.flatMap { flag in ["--" + flag] + (Self.values[flag].flatMap { $0 }.map { [$0] } ?? []) }
        let host = try #require(ServeCommandLine(reading: hostArguments)).settings
        let written = WorkerInvocation.serve(host.workerSettings).arguments
        guard case .serve(let worker)? = WorkerInvocation(reading: written) else {
            Issue.record("the worker does not read \(written)")
            return
        }
        let hostProperties = Self.properties(of: host)
        let workerProperties = Self.properties(of: worker)
        // The worker's own options: navhost sets them for each worker it starts.
        #expect(Set(workerProperties.keys).subtracting(hostProperties.keys) == ["hostPid", "rehearse"])
        for (name, value) in workerProperties where hostProperties[name] != nil {
            #expect(value == hostProperties[name], "\(name)")
            #expect(value != Self.properties(of: WorkerSettings())[name], "\(name) has a value other than its default")
        }
    }

    /// The rules of an option navhost passes on are the worker's, so a host refuses what its
    /// workers would.
    @Test(arguments: [["--per-page", "0"], ["--cache-bytes", "-1"], ["--source", "ftp"], ["--log-level", "loud"], ["--worker-memory-mb", "17592186044416"]])
    func navhostRefusesWhatItsWorkersWould(arguments: [String]) throws {
        var host = HostSettings()
        let taken = host.set(String(arguments[0].dropFirst(2)), to: arguments[1])
        #expect(taken)
        let reason = try #require(host.validationError)
        #expect(reason == host.workerSettings.validationError)
        #expect(ServeCommandLine(reading: arguments) == nil)
    }
}
