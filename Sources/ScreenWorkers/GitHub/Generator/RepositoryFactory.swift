import GitHubModels

/// Makes plausible generated repositories for an account.
enum RepositoryFactory {
    /// GitHub renamed new repositories' default branch to "main" in October 2020.
    private static let mainBranchSince = ISO8601Timestamp.epochSeconds(year: 2020, month: 10, day: 1)
    /// Topics appeared in 2017.
    private static let topicsSince = ISO8601Timestamp.epochSeconds(year: 2017, month: 1, day: 31)

    static func makeRepository(id: Int, owner: GitHubUser, _ random: inout SplitMix64) -> GitHubRepository {
        let vocabulary = ProjectVocabulary.self
        let ownerCreated = SnapshotTimeline.creationTime(ofUserID: owner.id)
        let created = SnapshotTimeline.between(
            max(ownerCreated, SnapshotTimeline.launch), SnapshotTimeline.now - 86_400, &random)
        let pushed = SnapshotTimeline.between(created, SnapshotTimeline.now, &random)
        let updated = SnapshotTimeline.between(pushed, SnapshotTimeline.now, &random)
        let language = random.weighted(
            vocabulary.languages.map { (Optional($0), $0.weight) } + [(nil, vocabulary.noLanguageWeight)])
        let fork = random.chance(0.08)
        let name =
            fork ? random.pick(vocabulary.forkedProjects) : projectName(owner: owner, language: language, &random)

        // Stars follow the owner's audience; forks and issues follow stars.
        let audience = Double(owner.followers ?? 0)
        let stars = fork ? random.below(3) : random.heavyTailed(median: 0.5 + audience / 25, cap: 300_000)
        let forks = Int(Double(stars) * 0.35 * random.unit()) + (random.chance(0.2) ? random.below(3) : 0)
        let openIssues = Int(Double(stars) * 0.05 * random.unit()) + (random.chance(0.2) ? random.below(4) : 0)
        var topics: [String] = []
        if created >= topicsSince && random.chance(0.45) {
            let topicCount = random.inRange(1...5)
            topics = random.distinct(topicCount, of: (language?.topics ?? []) + vocabulary.generalTopics)
        }

        return GitHubRepository(
            id: id, name: name, owner: owner.asOwner,
            htmlURL: GitHubURLs.repository(owner: owner.login, name: name),
            description: description(name: name, language: language, fork: fork, &random),
            fork: fork, homepage: random.chance(0.12) ? homepage(owner: owner, name: name, &random) : nil,
            language: language?.name, license: random.weighted(LicenseCatalog.weighted),
            stargazersCount: stars, forksCount: forks,
            // GitHub's watchers_count has counted stars since 2012, so it always equals stargazers_count.
            watchersCount: stars, openIssuesCount: openIssues, topics: topics,
            defaultBranch: defaultBranch(created: created, &random),
            createdAt: SnapshotTimeline.string(created), updatedAt: SnapshotTimeline.string(updated),
            pushedAt: SnapshotTimeline.string(pushed))
    }

    /// The same repository under a name its owner does not use yet, e.g. "cli" → "cli-2".
    static func disambiguated(_ repository: GitHubRepository, attempt: Int) -> GitHubRepository {
        var renamed = repository
        renamed.name = "\(repository.name)-\(attempt + 1)"
        renamed.fullName = "\(repository.owner.login)/\(renamed.name)"
        renamed.htmlURL = GitHubURLs.repository(owner: repository.owner.login, name: renamed.name)
        return renamed
    }

    private static func projectName(
        owner: GitHubUser, language: ProjectVocabulary.Language?, _ random: inout SplitMix64
    ) -> String {
        let vocabulary = ProjectVocabulary.self
        let noun = random.pick(vocabulary.nouns)
        switch random.below(10) {
        case 0, 1, 2: return "\(random.pick(vocabulary.adjectives))-\(noun)"
        case 3, 4: return "\(random.pick(language?.prefixes ?? ["my"]))-\(noun)"
        case 5, 6: return "\(PeopleVocabulary.loginFragment(random.pick(vocabulary.domains)))-\(noun)"
        case 7: return random.pick(vocabulary.personalProjects)
        case 8: return noun.prefix(1).uppercased() + noun.dropFirst() + random.pick(["Kit", "JS", "Core", "App"])
        default: return random.chance(0.5) ? "\(owner.login).github.io" : "\(noun)-playground"
        }
    }

    private static func description(
        name: String, language: ProjectVocabulary.Language?, fork: Bool, _ random: inout SplitMix64
    ) -> String? {
        if random.chance(fork ? 0.4 : 0.16) { return nil }
        if random.chance(0.02) { return "" }
        let vocabulary = ProjectVocabulary.self
        let adjective = random.pick(vocabulary.adjectives).replacingDashes()
        let noun = random.pick(vocabulary.nouns)
        let domain = random.pick(vocabulary.domains)
        let written = language.map { " written in \($0.name)" } ?? ""
        switch random.below(6) {
        case 0: return "\("aeiou".contains(adjective.prefix(1)) ? "An" : "A") \(adjective) \(noun) for \(domain)"
        case 1: return "\(adjective.prefix(1).uppercased() + adjective.dropFirst()) \(noun) for \(domain)\(written)."
        case 2: return "\(domain) \(noun)\(written)"
        case 3: return "My \(noun) for \(domain)"
        case 4: return "Experiments with \(domain)"
        default: return "\(name.replacingDashes()): a \(adjective) \(noun)"
        }
    }

    private static func homepage(owner: GitHubUser, name: String, _ random: inout SplitMix64) -> String {
        let site = name.lowercased().filter { $0.isLetter || $0.isNumber }
        return random.pick([
            "https://\(owner.login.lowercased()).github.io/\(name)", "https://\(site).dev",
            "https://\(site).readthedocs.io",
        ])
    }

    private static func defaultBranch(created: Int, _ random: inout SplitMix64) -> String {
        if random.chance(0.06) { return random.pick(["develop", "dev", "gh-pages", "trunk"]) }
        return created >= mainBranchSince ? "main" : "master"
    }
}

extension String {
    fileprivate func replacingDashes() -> String {
        String(map { $0 == "-" ? " " : $0 })
    }
}
