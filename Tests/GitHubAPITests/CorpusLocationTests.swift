import FakeGitHub
import Testing

/// Tests that replay the corpus find it beside the repository, and fail naming the path when
/// it is not there.
@Suite struct CorpusLocationTests {
    @Test func theCorpusIsFoundBesideTheRepository() throws {
        #expect(GitHubCorpus.directory.path.hasSuffix("/shared/github-corpus"))
        #expect(try GitHubCorpus.requireDirectory() == GitHubCorpus.directory.path)
    }

    @Test func aMissingCorpusNamesItsPath() {
        let missing = GitHubCorpus.Missing(path: "/nowhere/shared/github-corpus")
        #expect(missing.description == "the GitHub corpus folder is missing or holds no recordings: /nowhere/shared/github-corpus")
    }
}
