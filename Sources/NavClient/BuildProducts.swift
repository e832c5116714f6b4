import Glibc

/// Finds executables SwiftPM built, from inside a test: they sit beside the test bundle
/// (`.build/debug/navhost` next to `.build/debug/<Package>PackageTests.xctest`).
public enum BuildProducts {
    /// The build directory of the running test bundle or executable.
    public static let directory: String = {
        var directory = parent(of: ProcessTable.executablePath(of: getpid()))
        // swift test runs the bundle from <build>/debug/<Package>PackageTests.xctest on Linux.
        if directory.hasSuffix(".xctest") { directory = parent(of: directory) }
        return directory
    }()

    /// The path of a built executable, e.g. `path(of: "navhost")`.
    public static func path(of executable: String) -> String { directory + "/" + executable }

    private static func parent(of path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}
