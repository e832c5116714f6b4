import GitHubData
import GitHubModels
import ListController
import UVKit

/// A repository's labels as a screen read them when it opened: the choices `add-label` offers.
/// Held by reference, so a screen that is a value type can fill it from `prepare`. A failed read
/// leaves none: the screen works without them, and `add-label` is not offered.
final class RepositoryLabels {
    private(set) var labels: [GitHubLabel] = []
    private var isRead = false

    /// Reads them once per screen (a write's reread of the screen leaves a repository's labels
    /// as they were), and not at all from a source that cannot write: nothing would be labelled.
    /// `done` runs at once when there is nothing to read.
    func read(_ source: any GitHubSource, owner: String, name: String, then done: @escaping () -> Void) -> Cancellable? {
        guard !isRead, source.writeRefusal == nil else {
            done()
            return nil
        }
        return source.labels(owner: owner, name: name) { [weak self] result in
            if case .success(let labels) = result {
                self?.labels = labels
                self?.isRead = true
            }
            done()
        }
    }
}
