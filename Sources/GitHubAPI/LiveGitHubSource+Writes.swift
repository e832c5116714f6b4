import GitHubModels
import ListController
import UVKit

/// The live source's writes (docs/live-github.md, "Writes").
extension LiveGitHubSource {
    public var writeRefusal: ActionFailure? {
        guard allowsWrites else {
            return ActionFailure(.writesDisabled, "writes to GitHub are off: start navhost with --allow-writes to allow them")
        }
        return ActionFailure(.readOnlySource, "this build of the live source does not write to GitHub yet")
    }

    public func write(_ write: GitHubWrite, completion: @escaping (Result<Void, ActionFailure>) -> Void) {
        completion(.failure(writeRefusal ?? ActionFailure(.readOnlySource, "the live source cannot write")))
    }

    public func labels(owner login: String, name: String, completion: @escaping (Result<[GitHubLabel], any Error>) -> Void) -> Cancellable? {
        completion(.success([]))
        return nil
    }
}
