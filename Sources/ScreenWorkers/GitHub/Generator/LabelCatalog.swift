import GitHubModels

/// The labels GitHub gives every new repository, which the snapshot's issues carry by name; the
/// reader finds a label's colour and description here.
enum LabelCatalog {
    static let bug = GitHubLabel(name: "bug", color: "d73a4a", description: "Something isn't working")
    static let duplicate = GitHubLabel(name: "duplicate", color: "cfd3d7", description: "This issue or pull request already exists")
    static let enhancement = GitHubLabel(name: "enhancement", color: "a2eeef", description: "New feature or request")

    static let all = [
        bug, GitHubLabel(name: "documentation", color: "0075ca", description: "Improvements or additions to documentation"),
        duplicate, enhancement,
        GitHubLabel(name: "good first issue", color: "7057ff", description: "Good for newcomers"),
        GitHubLabel(name: "help wanted", color: "008672", description: "Extra attention is needed"),
        GitHubLabel(name: "invalid", color: "e4e669", description: "This doesn't seem right"),
        GitHubLabel(name: "question", color: "d876e3", description: "Further information is requested"),
        GitHubLabel(name: "wontfix", color: "ffffff", description: "This will not be worked on"),
    ]

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The labels of a stored list (names separated by ","), with the catalog's colours and
    /// descriptions; a name not in the catalog keeps its name alone.
    static func labels(stored: String) -> [GitHubLabel] {
        stored.split(separator: ",").map(String.init).map { byName[$0] ?? GitHubLabel(name: $0) }
    }
}
