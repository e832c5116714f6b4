import Foundation

/// Word lists and sentence parts the generator draws issues, pull requests and comments from.
enum IssueVocabulary {
    /// Issue titles; "%n" is a noun, "%d" a domain and "%l" the repository's language.
    static let issueTitles = [
        "Crash when parsing %d", "Support for %d", "%N fails on empty input", "Add an example for %d to the docs",
        "Typo in README", "Memory leak in the %n", "How do I configure the %n?", "Tests fail on Windows",
        "Make the %n configurable", "Improve the error message when the %n is missing", "Deprecation warning with %l 3",
        "%N hangs with large %d", "Wrong timezone in the %n", "Document the %n options", "Unicode input breaks the %n",
        "Feature request: %d export", "Regression in the last release", "Build fails on Alpine Linux",
        "The %n ignores the config file", "Slow startup with many %d",
    ]

    /// Pull request titles, with the same fields.
    static let pullTitles = [
        "Fix crash in the %n", "Add support for %d", "Update dependencies", "Fix typo in README", "Speed up the %n",
        "Add tests for the %n", "Refactor the %n", "Handle empty %d", "Bump the minimum %l version", "Add a %d example",
        "Remove the deprecated %n API", "Fix the %n on Windows", "Document the %n options", "Use UTC in the %n",
    ]

    static let branchPrefixes = ["fix", "feature", "docs", "patch", "update", "refactor"]

    /// The parts issue bodies are made of.
    static let openings = [
        "When I run the %n on %d it stops with an error.", "It would be great if the %n could handle %d.",
        "I noticed that the %n behaves differently since the last release.",
        "This adds what was discussed in the issue about %d.", "The %n does not document what happens with %d.",
        "Small change: the %n now handles %d the way the docs describe.",
    ]

    static let steps = [
        "Install the latest release", "Create a new project with the %n", "Add some %d", "Run `make test`",
        "Open the %n with the default config", "See the error",
    ]

    static let errorLines = [
        "Error: unexpected end of input", "panic: runtime error: index out of range", "TypeError: undefined is not a function",
        "Segmentation fault (core dumped)", "ValueError: invalid literal for int()", "fatal: not a git repository",
    ]

    static let closings = [
        "Happy to send a pull request if this sounds right.", "Thanks for the great project!",
        "See the [contributing guide](https://github.com/github/docs/blob/main/CONTRIBUTING.md) for how I tested it.",
        "More background in [this discussion](https://github.com/orgs/community/discussions).",
        "Any pointers welcome.",
    ]

    static let comments = [
        "Thanks for the report! Which version are you on?", "I can reproduce this on **main**.",
        "Same here with %d.", "Could you share a minimal example? A gist is fine.",
        "This should be fixed by the latest release, can you try it?", "Closing as not planned for now, see the roadmap.",
        "Looks good to me, thanks!", "Could you add a test for the %n?", "Merged, thank you for the contribution.",
        "I think this is a duplicate of an older issue about the %n.", "+1, this would help us a lot.",
        "Workaround for now:\n\n```\nexport NO_COLOR=1\n```",
    ]
}

extension String {
    /// A vocabulary line with its fields filled: "%n" noun, "%N" noun capitalised, "%d" domain, "%l" language.
    func filled(noun: String, domain: String, language: String) -> String {
        let capitalised = noun.prefix(1).uppercased() + noun.dropFirst()
        return replacingOccurrences(of: "%N", with: capitalised).replacingOccurrences(of: "%n", with: noun)
            .replacingOccurrences(of: "%d", with: domain).replacingOccurrences(of: "%l", with: language)
    }
}
