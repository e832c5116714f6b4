extension SnapshotStore: GitHubDataSource {}
