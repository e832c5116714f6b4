import Glibc

/// The directory of the running executable: navhost, navhost-tools and the workers are built
/// side by side, so each finds the others here. The one place that reads /proc/self/exe for it.
public enum ExecutableDirectory {
    public static let path: String = {
        let executable = ProcessTable.executablePath(of: getpid())
        return executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
    }()
}
