import Glibc

/// Finds executables SwiftPM built, from inside a test: they sit beside the test bundle
/// (`.build/debug/navhost` next to `.build/debug/<Package>PackageTests.xctest`).
public enum BuildProducts {
    /// The build directory of the running test bundle or executable.
    public static let directory: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = String(decoding: buffer[0..<max(0, length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var directory = parent(of: path)
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
