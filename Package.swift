// swift-tools-version:6.2
import PackageDescription

// Every target of ours builds in Swift 6 mode with warnings as errors; dependencies are not affected.
// Release builds leave out the run-time exclusivity checks: they were an eighth of navhost's
// instructions per routed request (docs/performance.md). Debug builds, which every test runs,
// keep them, so an overlapping access still traps there. Release builds also make every
// module's functions available for inlining into the modules that use them
// (`-cross-module-optimization`; the default makes only small ones so): navhost's routing path
// crosses NavProtocol, UVKit and Transport, and takes 2.5% fewer instructions for it.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release)),
]

// The workers link the Swift runtime and Foundation statically: one process per screen, and the
// shared libraries' pages cost more RSS (and start-up relocations) than the used parts of a static
// copy. They link with the toolchain's lld and pack their relative relocations (DT_RELR, glibc
// 2.36 or later), which would otherwise be a 2 MB table read at every start (docs/performance.md,
// "Static linking of the runtime").
let staticRuntimeLinking = ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
let workerStatic: [SwiftSetting] = strict + [.unsafeFlags(["-static-stdlib"])]
let workerLinking: [LinkerSetting] = [.unsafeFlags(staticRuntimeLinking)]

// navhost links the Swift runtime statically too, in release builds: calls into the runtime
// (retain, release, allocation: dozens on every routed request) are then direct calls instead of
// calls through the PLT, start-up has no runtime symbols to bind, and it takes 11 MB of RSS
// instead of 15 (docs/performance.md). Debug builds, which the tests link against, stay dynamic.
// ArgumentParser's FoundationEssentials needs its two support libraries named: nothing else in
// navhost imports Foundation to pull them in.
let hostStatic: [SwiftSetting] = strict + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
let hostLinking: [LinkerSetting] = [
    .unsafeFlags(staticRuntimeLinking, .when(configuration: .release)),
    .linkedLibrary("_FoundationCollections", .when(configuration: .release)),
    .linkedLibrary("_FoundationCShims", .when(configuration: .release)),
]

let package = Package(
    name: "NavShell",
    products: [
        .executable(name: "navhost", targets: ["NavHost"]),
        .executable(name: "navhost-tools", targets: ["NavHostTools"]),
        .executable(name: "navhost-mcp", targets: ["NavShellMCP"]),
        .executable(name: "screen-worker", targets: ["ScreenWorker"]),
        .executable(name: "screen-worker-live", targets: ["ScreenWorkerLive"]),
        .library(name: "NavClient", targets: ["NavClient"]),
        .executable(name: "navshell-list-bench", targets: ["ListBenchmark"]),
        .executable(name: "navshell-bench", targets: ["Benchmark"]),
        .library(name: "HTTPClient", targets: ["HTTPClient"]),
        .library(name: "GitHubAPI", targets: ["GitHubAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // `navhost mcp` only (navhost-mcp): the official MCP SDK. A 0.x release: minor versions may break.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", .upToNextMinor(from: "0.12.1")),
        // swift-sdk's own dependency; named for the `Logger` its `Transport` protocol requires.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CUV",
            path: "Sources/CUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Readings of /proc (processes, their memory, the running executable's directory) and the PATH search.
        .target(name: "ProcessSupport", path: "Sources/ProcessSupport", swiftSettings: strict),
        // Swift wrappers over libuv handles: loop, pipe/tty streams, files, processes, timers, signals, socket polls.
        .target(name: "UVKit", dependencies: ["CUV", "ProcessSupport"], path: "Sources/UVKit", swiftSettings: strict),
        // JSON values, JSON-RPC 2.0 messages, framing and the navigation protocol's types. No IO.
        .target(name: "NavProtocol", path: "Sources/Protocol", swiftSettings: strict),
        // The command line navhost starts a worker with: the settings, generated from options.json
        // (HostOptionsPlugin), written by navhost and read by the worker without ArgumentParser
        // (whose first use would cost every worker start).
        .target(
            name: "WorkerLaunch", dependencies: ["NavProtocol"], path: "Sources/WorkerLaunch", swiftSettings: strict,
            plugins: ["HostOptionsPlugin"]),
        // The balance check of a result passed on as bytes, 64 bytes at a time (SSE2): C, for the
        // vector movemask Swift cannot reach.
        .target(name: "CJSONScan", path: "Sources/CJSONScan"),
        // A JSON-RPC peer over a libuv stream: framed reads, queued writes, request correlation.
        .target(name: "Transport", dependencies: ["UVKit", "NavProtocol", "CJSONScan"], path: "Sources/Transport", swiftSettings: strict),
        // navhost's options, shared by the host and the tools that start a host with them. Each is
        // one line of options.json, from which HostOptionsPlugin generates the code that reads,
        // holds and writes it, and passes it on to the workers (WorkerLaunch).
        .target(
            name: "HostOptions",
            dependencies: ["NavProtocol", "WorkerLaunch", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/HostOptions",
            exclude: ["options.json"],
            swiftSettings: strict,
            plugins: ["HostOptionsPlugin"]
        ),
        .executableTarget(name: "host-options-generator", path: "Sources/HostOptionsGenerator", swiftSettings: strict),
        .plugin(name: "HostOptionsPlugin", capability: .buildTool(), dependencies: ["host-options-generator"], path: "Plugins/HostOptionsPlugin"),
        .executableTarget(
            name: "NavHost",
            dependencies: [
                "UVKit", "NavProtocol", "Transport", "ProcessSupport", "HostOptions", "WorkerLaunch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/NavHost",
            swiftSettings: hostStatic,
            linkerSettings: hostLinking
        ),
        // `navhost demo`, `navhost run` (flows) and `navhost replay`: navhost hands them to this
        // binary, so the host process does not load Yams and Foundation.
        .executableTarget(
            name: "NavHostTools",
            dependencies: [
                "NavClient", "NavProtocol", "Transport", "HostOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Sources/NavHostTools",
            swiftSettings: strict
        ),
        // `navhost mcp`: an MCP server over stdio, on the official SDK, driving a navhost session of its
        // own through NavClient; navhost hands the command to this binary so the host never loads the SDK.
        .executableTarget(
            name: "NavShellMCP",
            dependencies: [
                "NavClient", "NavProtocol", "HostOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/NavShellMCP",
            swiftSettings: strict
        ),
        .testTarget(name: "MCPServerTests", dependencies: ["NavShellMCP", "NavProtocol"], path: "Tests/MCPServerTests", swiftSettings: strict),
        // A synchronous client that spawns navhost and drives it: the public library for end-to-end
        // tests (docs/automation.md); the demo, `navhost run` and our own tests use it.
        .target(name: "NavClient", dependencies: ["UVKit", "NavProtocol", "ProcessSupport"], path: "Sources/NavClient", swiftSettings: strict),
        // The generic list controller every screen is built on.
        .target(name: "ListController", dependencies: ["NavProtocol", "UVKit"], path: "Sources/ScreenWorkers/ListController", swiftSettings: strict),
        // The GitHub models: plain values as GitHub's REST API has them, and the writes a user makes.
        .target(name: "GitHubModels", path: "Sources/ScreenWorkers/GitHub/Models", swiftSettings: strict),
        // `GitHubSource`, the protocol every GitHub data source implements: its lists as the list
        // controller's loaders, its writes as actions report them.
        .target(
            name: "GitHubData", dependencies: ["GitHubModels", "ListController", "UVKit"],
            path: "Sources/ScreenWorkers/GitHub/Data", swiftSettings: strict),
        // The SQLite snapshot: its store and schema, its generator, and `SnapshotSource`.
        .target(
            name: "GitHubSnapshot",
            dependencies: [
                "GitHubModels", "GitHubData", "ListController", "NavProtocol", "UVKit", "ProcessSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/ScreenWorkers/GitHub",
            exclude: ["Models", "Data", "Screens"],
            resources: [.copy("Resources/snapshot.sqlite")],
            swiftSettings: strict
        ),
        // The GitHub screens, one file each, and their registry: they read any `GitHubSource`.
        .target(
            name: "GitHubScreens", dependencies: ["GitHubModels", "GitHubData", "ListController", "NavProtocol", "UVKit"],
            path: "Sources/ScreenWorkers/GitHub/Screens", swiftSettings: strict),
        // HTTP on a libuv loop: libcurl's multi-socket interface driven by poll and timer handles.
        .target(name: "HTTPClient", dependencies: ["CCurl", "UVKit"], path: "Sources/HTTPClient", swiftSettings: strict),
        // The live GitHub REST API: endpoints, Link pagination, actionable errors, the SQLite response cache.
        .target(
            name: "GitHubAPI",
            dependencies: ["HTTPClient", "UVKit", "GitHubModels", "GitHubData", "ListController", "NavProtocol", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Sources/GitHubAPI",
            swiftSettings: strict
        ),
        // What both worker binaries run: the host connection, the screen, the snapshot source and the
        // command line; the live source is supplied by screen-worker-live (LiveSourceOpening).
        .target(
            name: "ScreenWorkerCore",
            dependencies: [
                "UVKit", "NavProtocol", "Transport", "ListController", "GitHubModels", "GitHubData", "GitHubSnapshot", "GitHubScreens", "WorkerLaunch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ScreenWorkers/Worker",
            swiftSettings: strict,
            plugins: ["HostOptionsPlugin"]
        ),
        // screen-worker: the snapshot source only, so it does not load libcurl and its TLS libraries.
        .executableTarget(
            name: "ScreenWorker",
            dependencies: ["ScreenWorkerCore"],
            path: "Sources/ScreenWorkers/SnapshotWorker",
            swiftSettings: workerStatic,
            linkerSettings: workerLinking
        ),
        // screen-worker-live: the same worker with the live GitHub source (libcurl); navhost starts it
        // for --source github.
        .executableTarget(
            name: "ScreenWorkerLive",
            dependencies: ["ScreenWorkerCore", "GitHubAPI", "HTTPClient", "UVKit", "WorkerLaunch"],
            path: "Sources/ScreenWorkers/LiveWorker",
            swiftSettings: workerStatic,
            linkerSettings: workerLinking
        ),
        // Measures navhost against the C and Node.js baselines in ../shared/baseline; run it with scripts/bench.
        .executableTarget(
            name: "Benchmark",
            dependencies: [
                "NavProtocol", "NavClient", "ProcessSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Benchmark",
            swiftSettings: strict
        ),
        // The worker's command line: navhost's options passed on, what navhost writes, the worker's
        // quick reading of it, and its ArgumentParser commands agree.
        .testTarget(
            name: "WorkerLaunchTests",
            dependencies: [
                "WorkerLaunch", "HostOptions", "ScreenWorkerCore", "GitHubSnapshot",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/WorkerLaunchTests", swiftSettings: strict),
        .testTarget(name: "BenchmarkTests", dependencies: ["Benchmark"], path: "Tests/BenchmarkTests", swiftSettings: strict),
        // libFuzzer target over framing and JSON-RPC parsing (scripts/fuzz); a corpus replayer when built normally.
        .target(name: "CFuzzerDriver", path: "Sources/Fuzz/CFuzzerDriver"),
        .executableTarget(name: "ProtocolFuzzer", dependencies: ["NavProtocol", "CFuzzerDriver"], path: "Sources/Fuzz/ProtocolFuzzer", swiftSettings: strict),
        .testTarget(name: "ProtocolTests", dependencies: ["NavProtocol"], path: "Tests/ProtocolTests", swiftSettings: strict),
        .testTarget(name: "UVKitTests", dependencies: ["UVKit"], path: "Tests/UVKitTests", swiftSettings: strict),
        .testTarget(name: "TransportTests", dependencies: ["UVKit", "Transport", "NavProtocol", "CJSONScan"], path: "Tests/TransportTests", swiftSettings: strict),
        // The host's logic with fake workers in the test's process (Tests/NavHostTests/Support):
        // no child process, milliseconds a test.
        .testTarget(
            name: "NavHostTests",
            dependencies: [
                "NavHost", "HostOptions", "NavProtocol", "Transport", "UVKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/NavHostTests",
            swiftSettings: strict
        ),
        .testTarget(name: "ListControllerTests", dependencies: ["ListController", "NavProtocol", "UVKit"], path: "Tests/ListControllerTests", swiftSettings: strict),
        .testTarget(
            name: "GitHubScreensTests",
            dependencies: [
                "GitHubScreens", "GitHubSnapshot", "GitHubModels", "GitHubData", "ListController", "NavProtocol", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/GitHubScreensTests",
            swiftSettings: strict
        ),
        // List windows and search at scale, through the real navhost (scripts/bench-list).
        .executableTarget(
            name: "ListBenchmark",
            dependencies: ["NavClient", "NavProtocol", "ProcessSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/ListBenchmark",
            swiftSettings: strict
        ),
        // The fake GitHub server (Tests/Fixtures/fake-github) driven from Swift tests.
        .target(name: "FakeGitHub", dependencies: ["HTTPClient", "UVKit", "NavProtocol"], path: "Tests/FakeGitHub", swiftSettings: strict),
        .testTarget(
            name: "GitHubAPITests",
            dependencies: ["GitHubAPI", "HTTPClient", "CCurl", "UVKit", "GitHubModels", "GitHubData", "ListController", "NavProtocol", "FakeGitHub"],
            path: "Tests/GitHubAPITests",
            swiftSettings: strict
        ),
        // The worker binaries are not dependencies here (a test bundle cannot link their static Swift
        // runtime); `swift build --build-tests` builds them beside navhost, where the tests find them.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "NavClient", "NavProtocol", "UVKit", "NavHost", "NavHostTools", "HostOptions", "FakeGitHub", "WorkerLaunch", "GitHubAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/EndToEndTests",
            swiftSettings: strict
        ),
    ]
)
