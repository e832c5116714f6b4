/// Why a snapshot could not be opened or written.
public enum SnapshotError: Error, Equatable, CustomStringConvertible {
    /// No file at the path.
    case missingFile(path: String)
    /// The file is not a NavShell GitHub snapshot of a version this code reads.
    case notASnapshot(path: String, reason: String)
    /// The snapshot that ships with GitHubScreens is not in its resource bundle.
    case missingBundledSnapshot
    case generationFailed(String)
    /// A read found no column of this name: the file's tables are not those this code reads.
    case missingColumn(String)

    public var description: String {
        switch self {
        case .missingFile(let path):
            return "no snapshot file at \(path)"
        case .notASnapshot(let path, let reason):
            return "\(path) is not a NavShell GitHub snapshot: \(reason)"
        case .missingBundledSnapshot:
            return "the bundled snapshot.sqlite is missing from the GitHubSnapshot resources"
        case .generationFailed(let reason):
            return "could not generate the snapshot: \(reason)"
        case .missingColumn(let name):
            return "the snapshot has no column '\(name)' where this code reads one"
        }
    }
}
