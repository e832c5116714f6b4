import Glibc

/// Finds a command as execvp(3) does: a name with a slash is the path itself; otherwise the
/// first executable file of that name in a PATH list, an empty entry meaning the current
/// directory. The one PATH search: `UVProcess` (a child's command) and the benchmark (node).
public enum ExecutableSearch {
    public static func find(_ command: String, inPath path: String) -> String? {
        guard !command.isEmpty else { return nil }
        if command.contains("/") { return command }
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + command
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
