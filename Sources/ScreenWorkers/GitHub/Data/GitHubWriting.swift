import GitHubModels
import ListController
import UVKit

/// A source's side of the writes, part of `GitHubSource`.
public protocol GitHubWriting: AnyObject {
    /// Why this source cannot write now (the live source without `--allow-writes`); nil when it can.
    var writeRefusal: ActionFailure? { get }
    /// Makes the write; calls `completion` on the loop, once. A write is never retried by itself.
    func write(_ write: GitHubWrite, completion: @escaping (Result<Void, ActionFailure>) -> Void)
    /// The repository's labels, for the choices of `add-label`.
    func labels(owner login: String, name: String, completion: @escaping (Result<[GitHubLabel], any Error>) -> Void) -> Cancellable?
}
