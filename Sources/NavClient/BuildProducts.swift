import Glibc
import ProcessSupport

/// Finds executables SwiftPM built, from inside a test: they sit beside the test bundle
/// (`.build/debug/navhost` next to `.build/debug/<Package>PackageTests.xctest`).
public enum BuildProducts {
    /// The build directory of the running test bundle or executable.
    public static let directory: String = {
        let directory = ExecutableDirectory.path
        // swift test runs the bundle from <build>/debug/<Package>PackageTests.xctest on Linux.
        guard directory.hasSuffix(".xctest") else { return directory }
        return directory.lastIndex(of: "/").map { String(directory[..<$0]) } ?? directory
    }()

    /// The path of a built executable, e.g. `path(of: "navhost")`.
    public static func path(of executable: String) -> String { directory + "/" + executable }
}
